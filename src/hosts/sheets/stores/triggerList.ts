/**
 * This user's triggers of the add-on. Google documents getProjectTriggers() as "all
 * installable triggers associated with the current project and current user" and
 * getUserTriggers(spreadsheet) as this user's triggers in that spreadsheet, and says nowhere
 * whether an add-on's time-driven triggers appear in the second (test/hosts/FAKES.md S-U18).
 * Listing both and keeping each trigger once (by its unique id) is right either way: a
 * trigger counted twice would look like a duplicate to delete and make again.
 */
interface ListedTrigger {
  getHandlerFunction(): string;
  getUniqueId(): string;
}

interface TriggerLister<T extends ListedTrigger, D> {
  getProjectTriggers(): T[];
  getUserTriggers(document: D): T[];
}

/** Both lists, each trigger once; `document` null where none is open (a clock trigger's run). */
export function ourTriggers<T extends ListedTrigger, D>(
  app: TriggerLister<T, D>,
  document: D | null,
): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  const add = (list: () => T[]): void => {
    let triggers: T[];
    try {
      triggers = list();
    } catch {
      return; // One list refused (no document, an older runtime): the other still counts.
    }
    for (const t of triggers) {
      const id = t.getUniqueId();
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(t);
    }
  };
  add(() => app.getProjectTriggers());
  if (document !== null) add(() => app.getUserTriggers(document));
  return out;
}
