/**
 * The Sheets sidebar bridge's bulk run over a scripted google.script.run: identical rows go
 * to the server once, and cancel stops before the next server call while the answers
 * already in are written (the rest left empty), as in Excel and the web demo.
 */
import type { BulkJob } from "../../src/imports/bulk";
import {
  createGoogleScriptBridge,
  type ServerCall,
} from "../../src/hosts/sheets/sidebar/sidebarBridge";

type Plain = string | number | boolean;

const JOB: BulkJob = {
  functionName: "REQUIRED_PRICE",
  args: [
    { kind: "value", value: "B" },
    { kind: "empty" },
    { kind: "value", value: "MY" },
    { kind: "column", column: 0 },
    { kind: "column", column: 1 },
    { kind: "column", column: 2 },
    { kind: "value", value: "requiredListingPrice" },
  ],
  hasHeader: true,
};

/** 40 input rows: 25 different cases (rows 25-39 repeat 0-14), answered as cogs * 2. */
function scriptedServer(rowsPerCall = Infinity) {
  const selection: Plain[][] = [["category", "cogs", "margin"]];
  for (let i = 0; i < 40; i++) selection.push([200001, 100 + (i % 25), 0.2]);
  const asked: Plain[][] = [];
  let written: Plain[][] | null = null;
  const call: ServerCall = async <T>(name: string, ...args: unknown[]): Promise<T> => {
    if (name === "sidebarReadSelection") return { address: "S!A1:C41", values: selection } as T;
    if (name === "getSettings") return { countVat: false } as T;
    if (name === "sidebarBulkRows") {
      // A call near its six minutes answers only its first rows.
      const rows = (args[1] as Plain[][]).slice(0, rowsPerCall);
      asked.push(...rows);
      return rows.map((r) => ({ cells: [Number(r[1]) * 2], failed: false })) as T;
    }
    if (name === "sidebarRowsOf") return selection.map((r) => r.map(() => 1)) as T;
    if (name === "sidebarWriteAt") {
      written = args[0] as Plain[][];
      return { address: `S!D1:D${written.length}` } as T;
    }
    throw new Error(`unexpected ${name}`);
  };
  return { call, selection, asked, written: () => written };
}

describe("Sheets sidebar bulk run", () => {
  test("identical rows are asked once and every row gets its answer", async () => {
    const s = scriptedServer();
    const result = await createGoogleScriptBridge(s.call).runBulk(JOB);
    expect(s.asked).toHaveLength(25);
    expect(result).toMatchObject({ rows: 41, failed: 0, answered: 40, asked: 25 });
    expect(result.cancelled).toBe(false);
    const out = s.written() ?? [];
    expect(out[0]).toEqual(["REQUIRED_PRICE requiredListingPrice (output VAT not counted)"]);
    for (let r = 1; r <= 40; r++) expect(out[r]).toEqual([Number(s.selection[r]?.[1]) * 2]);
  });

  test("rows a server call could not reach in its time are sent again, none lost", async () => {
    const s = scriptedServer(3);
    const result = await createGoogleScriptBridge(s.call).runBulk(JOB);
    expect(s.asked).toHaveLength(25);
    expect(result).toMatchObject({ rows: 41, failed: 0, answered: 40, asked: 25 });
    const out = s.written() ?? [];
    for (let r = 1; r <= 40; r++) expect(out[r]).toEqual([Number(s.selection[r]?.[1]) * 2]);
  });

  test("cancel after the first server call keeps those answers and leaves the rest empty", async () => {
    const s = scriptedServer();
    const controller = new AbortController();
    const result = await createGoogleScriptBridge(s.call).runBulk(JOB, {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    expect(s.asked).toHaveLength(10); // one call of 10 different rows, then nothing
    expect(result.cancelled).toBe(true);
    const out = s.written() ?? [];
    expect(out).toHaveLength(41);
    const answered = out.slice(1).filter((r) => r[0] !== "");
    // Cases 0-9 appear twice among the 40 rows (rows 0-9 and 25-34).
    expect(answered).toHaveLength(20);
    expect(result.answered).toBe(20);
    out.slice(1).forEach((r, i) => {
      if (r[0] !== "") expect(r).toEqual([Number(s.selection[i + 1]?.[1]) * 2]);
    });
  });
});
