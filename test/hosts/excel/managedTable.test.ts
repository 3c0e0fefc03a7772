/**
 * Issue 20's scenario in Excel's workbook fake, over real HTTP to the reference server: import
 * "sorted by profit", the seller types 3 notes right of the table and inserts a Supplier column
 * inside it with 3 values, the basis changes, refresh twice: every note and supplier is still
 * beside its product, the figures are the new basis's, and a figure typed over is not
 * overwritten without asking.
 */
import type { ImportDefinition } from "../../../src/imports/definitions";
import type { QuestionAnswers } from "../../../src/ui/bridge";
import { startTestServer, type TestServer } from "../../helpers/server";
import {
  besideTheirProduct,
  highestFirst,
  idsInOrder,
  profitsInOrder,
  sellerTypesBeside,
  type SellerSheet,
} from "../../helpers/managedScenario";
import { paneOverServer } from "./paneOverServer";
import { ParsedFormula, fakeWorkbook, type FakeWorkbook } from "./fakeWorkbook";

jest.setTimeout(120_000);
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
});
afterAll(() => server.close());

const DEF: ImportDefinition = {
  id: "top",
  kind: "productsByProfit",
  marketplace: "A",
  shopId: "100001",
  region: "SG",
  sheetName: "Top products",
  options: { limit: 60 },
};

/** The fake's sheet as a seller edits it: typing, and Insert > Columns (cells shift right). */
function sellerSheet(excel: FakeWorkbook, name: string): SellerSheet {
  const rec = () => {
    const r = excel.sheets.get(name);
    if (!r) throw new Error(`no sheet ${name}`);
    return r;
  };
  const shift = (cells: Map<string, unknown>, col: number): void => {
    const moved = [...cells].map(([k, v]) => {
      const [r, c] = k.split(",").map(Number) as [number, number];
      return [c >= col ? `${r},${c + 1}` : k, v] as const;
    });
    cells.clear();
    for (const [k, v] of moved) cells.set(k, v);
  };
  return {
    values: async () => excel.table(name),
    type: async (row, col, value) => void rec().values.set(`${row},${col}`, value),
    insertColumn: async (col) => {
      shift(rec().values, col);
      shift(rec().formats, col);
    },
  };
}

test("3 notes and 3 inserted values stay beside their products through two refreshes with a new basis", async () => {
  const { excel, bridge, settings } = paneOverServer(server, server.keyFor("demo"));
  await bridge.runImport(DEF);
  const first = excel.table("Top products");
  expect(first[0]).toContain("Status");
  const typed = await sellerTypesBeside(sellerSheet(excel, "Top products"));
  const order = idsInOrder(excel.table("Top products"));

  await bridge.saveSettings({ basis: { salesWindowDays: 30 } });
  const once = await bridge.runImport(DEF);
  expect(once.changes?.updated).toBeGreaterThan(0);
  await bridge.saveSettings({ basis: { salesWindowDays: 90, countVat: true } });
  await bridge.runImport(DEF);

  const after = excel.table("Top products");
  expect(besideTheirProduct(after, typed)).toEqual({ notes: 3, suppliers: 3 });
  // The sheet kept its order (new products, if any, come below) while the ranks changed.
  expect(idsInOrder(after).slice(0, order.length)).toEqual(order);
  const rankAt = after[0]?.indexOf("Rank") ?? -1;
  const ranks = after.slice(1, order.length + 1).map((r) => Number(r[rankAt]));
  expect(ranks).not.toEqual([...ranks].sort((a, b) => a - b));
  // Only one header row, no stale second table beside it.
  expect(after[0]?.filter((h) => h === "Rank")).toHaveLength(1);

  // Re-sort on request: whole rows move, the seller's cells (and a formula) with them.
  const profitAt = after[0]?.indexOf("Total profit") ?? -1;
  const idAt = after[0]?.indexOf("Item id") ?? -1;
  const lastRow = after.length - 1;
  const formulaCol = (after[0]?.length ?? 0) + 1;
  const letter = String.fromCharCode(65 + profitAt);
  excel.sheets
    .get("Top products")
    ?.values.set(`${lastRow},${formulaCol}`, `=${letter}${lastRow + 1}*2`);
  const lastId = String(after[lastRow]?.[idAt]);
  const resorted = await bridge.team.resortTable("Top products");
  expect(resorted.by).toBe("Total profit");
  expect(resorted.moved).toBeGreaterThan(0);
  const sorted = excel.table("Top products");
  expect(highestFirst(profitsInOrder(sorted))).toBe(true);
  expect(besideTheirProduct(sorted, typed)).toEqual({ notes: 3, suppliers: 3 });
  const lastNow = sorted.findIndex((r) => String(r[idAt]) === lastId);
  expect(sorted[lastNow]?.[formulaCol]).toBe(`=${letter}${lastNow + 1}*2`);
  // Nothing left in the scratch rows under the table.
  expect(sorted.length).toBe(after.length);
  const sortedIds = idsInOrder(sorted);
  await bridge.saveSettings({ basis: { salesWindowDays: 30 } });
  await bridge.runImport(DEF);
  expect(idsInOrder(excel.table("Top products")).slice(0, sortedIds.length)).toEqual(sortedIds);
  expect(besideTheirProduct(excel.table("Top products"), typed)).toEqual({
    notes: 3,
    suppliers: 3,
  });

  // A row per refresh in the refresh log: when, who (with the key's prefix only), what, requests.
  const log = excel.table("Refresh log");
  expect(log[0]).toEqual([
    "When",
    "Who",
    "What",
    "Requests",
    "Rows changed",
    "Errors",
    "Kept by hand",
  ]);
  expect(log).toHaveLength(6);
  expect(log[4]?.[2]).toBe("Re-sorted Top products by Total profit");
  const key = settings.get("mkt.apiKey") ?? "";
  for (const row of [...log.slice(1, 4), ...log.slice(5)]) {
    expect(row[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(.+\)$/);
    expect(row[1]).toBe(`this computer, key ${key.slice(0, key.indexOf("pat_") + 8)}…`);
    expect(row[2]).toBe("Products sorted by profit · A 100001 SG → Top products");
    expect(row[3]).toBe(1);
  }
  // The log's header is bold and frozen; a refresh of formula cells adds its row.
  const logSheet = excel.sheets.get("Refresh log");
  expect([0, 1, 2, 3, 4, 5].every((c) => logSheet?.bold.has(`0,${c}`))).toBe(true);
  expect(logSheet?.frozenRows).toBe(1);
  // Its counts grouped as every seller-facing count ("2,100", not "2100": issue 35).
  expect([3, 4].map((c) => logSheet?.formats.get(`1,${c}`))).toEqual(["#,##0", "#,##0"]);
  await bridge.refresh("sheet");
  const withCells = excel.table("Refresh log");
  // This pane's refresher re-runs no cells: counted at the key's scheduler, no request.
  expect(withCells[6]?.slice(2, 5)).toEqual(["Formula cells: this sheet", 0, 0]);
  // Asking the cells with errors again (as saving a key does) when none had one logs nothing.
  await bridge.refresh("errors");
  expect(excel.table("Refresh log")).toHaveLength(withCells.length);
  // The table's stamp after the last refresh: one note on A1, with that refresh's basis.
  const notes = excel.sheets.get("Top products")?.notes ?? [];
  expect(notes).toHaveLength(1);
  expect(notes[0]).toContain("30-day sales window");
  expect(notes[0]).toMatch(/Refreshed at: \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(/);
  expect(notes[0]).toContain(
    `Refreshed by: this computer, key ${key.slice(0, key.indexOf("pat_") + 8)}…`,
  );
  const everything = JSON.stringify([...excel.sheets.values()].map((r) => [...r.values]));
  expect(everything + JSON.stringify([...excel.settings])).not.toContain(key);
});

test("a figure typed over is named and kept unless the seller says to overwrite it; a kept one is not asked about again until retyped", async () => {
  const { excel, bridge } = paneOverServer(server, server.keyFor("demo"));
  await bridge.runImport(DEF);
  const header = excel.table("Top products")[0] ?? [];
  const profitAt = header.indexOf("Total profit");
  excel.sheets.get("Top products")?.values.set(`2,${profitAt}`, 12345);
  const asked: Array<{ text: string; answers: QuestionAnswers }> = [];
  const answer = (yes: boolean) => async (text: string, answers: QuestionAnswers) => {
    asked.push({ text, answers });
    return yes;
  };
  await bridge.saveSettings({ basis: { salesWindowDays: 45 } });
  const kept = await bridge.runImport(DEF, { confirm: answer(false) });
  expect(asked[0]?.text).toMatch(
    /^1 cell of Top products that the refresh fills was changed by hand: [A-Z]+3 \(Total profit of \d+: yours 12345, the API's [\d.]+\)/,
  );
  expect(asked[0]?.answers).toEqual({ yes: "Write the API's figures", no: "Keep my values" });
  expect(kept.edited).toHaveLength(1);
  expect(excel.table("Top products")[2]?.[profitAt]).toBe(12345);
  // "Keep my values" is remembered: the next refresh keeps it without asking again.
  const again = await bridge.runImport(DEF, { confirm: answer(true) });
  expect(asked).toHaveLength(1);
  expect(excel.table("Top products")[2]?.[profitAt]).toBe(12345);
  expect(again.edited).toHaveLength(1); // still named for the log
  // A new value typed there is asked about; "Write the API's figures" then takes it.
  excel.sheets.get("Top products")?.values.set(`2,${profitAt}`, 54321);
  await bridge.runImport(DEF, { confirm: answer(true) });
  expect(asked).toHaveLength(2);
  expect(asked[1]?.text).toMatch(/yours 54321/);
  expect(excel.table("Top products")[2]?.[profitAt]).not.toBe(54321);
});

test("ExcelApi 1.8 (no Range.copyFrom): re-sort moves whole rows by value, the seller's notes, text and a formula with their product", async () => {
  const excel = fakeWorkbook({ excelApi: "1.8" });
  const { bridge } = paneOverServer(server, server.keyFor("demo"), excel);
  await bridge.runImport(DEF);
  const typed = await sellerTypesBeside(sellerSheet(excel, "Top products"));
  await bridge.saveSettings({ basis: { salesWindowDays: 90, countVat: true } });
  await bridge.runImport(DEF);
  const before = excel.table("Top products");
  const header = before[0] ?? [];
  const [idAt, profitAt] = [header.indexOf("Item id"), header.indexOf("Total profit")];
  // Text Excel would read as a date or a formula if typed again, a formula, in the seller's
  // own cells of the row the re-sort moves farthest.
  const rows = before.slice(1).map((r, i) => ({ i: i + 1, p: Number(r[profitAt]) || 0 }));
  const goesTo = new Map([...rows].sort((x, y) => y.p - x.p).map((r, k) => [r.i, k + 1]));
  const far = (r: { i: number }) => Math.abs((goesTo.get(r.i) ?? r.i) - r.i);
  const last = rows.reduce((best, r) => (far(r) > far(best) ? r : best)).i;
  expect(goesTo.get(last)).not.toBe(last);
  const lastId = String(before[last]?.[idAt]);
  const at = header.length + 1;
  const sheet = excel.sheets.get("Top products");
  const letter = String.fromCharCode(65 + profitAt);
  sheet?.values.set(`${last},${at}`, "1/2");
  sheet?.values.set(`${last},${at + 1}`, "=ask supplier");
  sheet?.formats.set(`${last},${at + 1}`, "@");
  sheet?.values.set(`${last},${at + 2}`, `=${letter}${last + 1}*2`);

  const resorted = await bridge.team.resortTable("Top products");
  expect(resorted.moved).toBeGreaterThan(0);
  const sorted = excel.table("Top products");
  expect(highestFirst(profitsInOrder(sorted))).toBe(true);
  expect(besideTheirProduct(sorted, typed)).toEqual({ notes: 3, suppliers: 3 });
  const now = sorted.findIndex((r) => String(r[idAt]) === lastId);
  expect(now).not.toBe(last);
  expect(sorted[now]?.slice(at, at + 2)).toEqual(["1/2", "=ask supplier"]);
  const formula = sorted[now]?.[at + 2];
  expect(formula instanceof ParsedFormula ? formula.formula : formula).toBe(
    `=${letter}${now + 1}*2`,
  );
  // Every product's cells came along: the same rows, in another order, nothing left below.
  expect(sorted.length).toBe(before.length);
  const byId = (rows: unknown[][]) =>
    rows
      .slice(1)
      .map((r) => JSON.stringify(r.slice(0, header.length)))
      .sort();
  expect(byId(sorted)).toEqual(byId(before));
  // Number formats went with their rows.
  const formatOf = (rows: unknown[][], id: string, c: number) =>
    sheet?.formats.get(`${rows.findIndex((r) => String(r[idAt]) === id)},${c}`);
  expect(formatOf(sorted, lastId, profitAt)).toBe(formatOf(before, lastId, profitAt) ?? "General");
});
