/**
 * A job's log step run again after a stop between its row and its checkpoint (issue 32: a
 * resumed job never writes a row twice): logRefresh's `once` finds its row at the log's end.
 */
import type { Cell } from "../../src/functions/cells";
import { runOpSync } from "../../src/sidebar/op";
import type { ManagedSheets } from "../../src/sidebar/ports";
import { logRefresh, REFRESH_LOG_SHEET } from "../../src/sidebar/refreshLog";

/** The log's sheet only: what logRefresh reads and writes. */
function logSheet() {
  let grid: Cell[][] | null = null;
  const tables = {
    read: (name: string) => (name === REFRESH_LOG_SHEET ? grid : null),
    write: (_name: string, blocks: readonly { values: Cell[][] }[]) =>
      void (grid = blocks[0]?.values.map((r) => [...r]) ?? null),
    boldHeader: () => undefined,
  } as unknown as ManagedSheets;
  return { tables, rows: () => (grid ?? []).length - 1 };
}

const entry = { what: "Top products", requests: 4, rowsChanged: 2000, errors: "" };
const stamp = (who: string) => ({ when: "2026-11-29 21:40 (Etc/UTC)", who });

test("a log step run again (the sidebar's, then the clock's) leaves one row", () => {
  const log = logSheet();
  runOpSync(logRefresh(log.tables, stamp("this Google account"), entry, true));
  runOpSync(logRefresh(log.tables, stamp("daily refresh of this Google account"), entry, true));
  expect(log.rows()).toBe(1);
});

test("another refresh is logged: a different time, figures or errors", () => {
  const log = logSheet();
  runOpSync(logRefresh(log.tables, stamp("x"), entry, true));
  runOpSync(logRefresh(log.tables, stamp("x"), { ...entry, rowsChanged: 3 }, true));
  runOpSync(
    logRefresh(log.tables, { ...stamp("x"), when: "2026-11-29 21:41 (Etc/UTC)" }, entry, true),
  );
  // Not a job's step (a menu refresh twice in a minute): each is a row.
  runOpSync(logRefresh(log.tables, { ...stamp("x"), when: "2026-11-29 21:41 (Etc/UTC)" }, entry));
  expect(log.rows()).toBe(4);
});
