/**
 * Workbook settings (Excel.run's workbook.settings) as Office.js gives them: a proxy whose
 * isNullObject is known only after a sync and whose value only after load + sync (FAKES.md
 * E-R7). Shared by the Node fake and the browser shim.
 */
/** A workbook setting read the Office.js way: nothing is readable before its sync. */
export function loadGatedSetting(
  settings: Map<string, string>,
  name: string,
  queue: (op: () => void) => void,
): {
  readonly isNullObject: boolean;
  readonly value: string | null;
  load(what?: string): unknown;
  delete(): void;
} {
  let synced: boolean | null = null;
  let loaded: { value: string | null } | null = null;
  queue(() => void (synced = settings.has(name)));
  const item = {
    get isNullObject(): boolean {
      if (synced === null) throw new Error(`PropertyNotLoaded: sync before reading isNullObject`);
      return !synced;
    },
    get value(): string | null {
      if (!loaded) throw new Error(`PropertyNotLoaded: load("value") and sync before reading it`);
      return loaded.value;
    },
    load() {
      queue(() => void (loaded = { value: settings.get(name) ?? null }));
      return item;
    },
    // Setting.delete (ExcelApi 1.4): gone at the sync.
    delete() {
      queue(() => void settings.delete(name));
    },
  };
  return item;
}
