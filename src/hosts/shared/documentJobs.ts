/**
 * Jobs' checkpoints in an async host's document: Excel's document settings, the web demo's
 * workbook metadata (each saved with the file). One value a part of a job ("mkt.job.<id>.head"),
 * and the list of jobs ("mkt.jobs"). One page runs them, so no lock is needed.
 */
import type { JobPart, JobStore } from "../../sidebar/ports";

/** Per-document values without secrets, as the workbook surface keeps them. */
export interface DocumentValues {
  getDocumentValue(name: string): Promise<string | null>;
  setDocumentValue(name: string, value: string): Promise<void>;
  /** Forget a value (absent: it is emptied). */
  removeDocumentValue?(name: string): Promise<void>;
}

const INDEX = "mkt.jobs";
const PARTS: readonly JobPart[] = ["head", "body", "lease", "cancel"];
const nameOf = (id: string, part: JobPart): string => `mkt.job.${id}.${part}`;

/** The jobs kept in `book`. */
export function documentJobs(book: DocumentValues): JobStore {
  const ids = async (): Promise<string[]> => {
    try {
      const list: unknown = JSON.parse((await book.getDocumentValue(INDEX)) ?? "[]");
      return Array.isArray(list) ? list.filter((x): x is string => typeof x === "string") : [];
    } catch {
      return [];
    }
  };
  return {
    ids,
    read: async (id, part) => (await book.getDocumentValue(nameOf(id, part))) || null,
    async write(id, part, text) {
      await book.setDocumentValue(nameOf(id, part), text);
      const list = await ids();
      if (!list.includes(id)) await book.setDocumentValue(INDEX, JSON.stringify([...list, id]));
    },
    async remove(id) {
      for (const part of PARTS) {
        const name = nameOf(id, part);
        if (book.removeDocumentValue) await book.removeDocumentValue(name);
        else await book.setDocumentValue(name, "");
      }
      await book.setDocumentValue(INDEX, JSON.stringify((await ids()).filter((x) => x !== id)));
    },
  };
}
