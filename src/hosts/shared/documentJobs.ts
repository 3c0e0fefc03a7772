/**
 * Jobs' checkpoints in an async host's document: Excel's document settings, the web demo's
 * workbook metadata (each saved with the file). One value a part of a job ("mkt.job.<id>.head"),
 * and the list of jobs ("mkt.jobs"). A lease is this page's alone, kept in memory: one page
 * runs a document's jobs, and a page that closed or reloaded mid-step holds nothing the next
 * page must wait out (its step left the last checkpoint, which the next one goes on from).
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
const PARTS: readonly JobPart[] = ["head", "body", "cancel"];
const nameOf = (id: string, part: JobPart): string => `mkt.job.${id}.${part}`;

/** The jobs kept in `book`. */
export function documentJobs(book: DocumentValues): JobStore {
  const leases = new Map<string, string>();
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
    read: async (id, part) =>
      part === "lease"
        ? (leases.get(id) ?? null)
        : (await book.getDocumentValue(nameOf(id, part))) || null,
    async write(id, part, text) {
      if (part === "lease") return void leases.set(id, text);
      await book.setDocumentValue(nameOf(id, part), text);
      const list = await ids();
      if (!list.includes(id)) await book.setDocumentValue(INDEX, JSON.stringify([...list, id]));
    },
    async remove(id) {
      leases.delete(id);
      for (const part of PARTS) {
        const name = nameOf(id, part);
        if (book.removeDocumentValue) await book.removeDocumentValue(name);
        else await book.setDocumentValue(name, "");
      }
      await book.setDocumentValue(INDEX, JSON.stringify((await ids()).filter((x) => x !== id)));
    },
  };
}
