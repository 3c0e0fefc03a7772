/** Jobs' checkpoints in memory: a one-off run that no reload resumes (tools, tests). */
import type { JobPart, JobStore } from "../ports";

/** A store that lives as long as the page or process. */
export function memoryJobs(): JobStore & { readonly parts: Map<string, string> } {
  const parts = new Map<string, string>();
  const order: string[] = [];
  const key = (id: string, part: JobPart): string => `${id}\u001f${part}`;
  return {
    parts,
    ids: () => order.slice(),
    read: (id, part) => parts.get(key(id, part)) || null,
    write(id, part, text) {
      parts.set(key(id, part), text);
      if (!order.includes(id)) order.push(id);
    },
    remove(id) {
      for (const part of ["head", "body", "lease", "cancel"] as const) parts.delete(key(id, part));
      const at = order.indexOf(id);
      if (at >= 0) order.splice(at, 1);
    },
  };
}
