/**
 * Formats follow ownership in Google Sheets (issue 35, item 2), on the simulator (the built
 * add-on, Sheets' array expansion with its #REF! when blocked): a SET_MARGIN_PREVIEW table at
 * E15 is formatted by a refresh, then blocked by a formula typed at E16, the sheet frozen and
 * unfrozen, the basis changed twice, and REQUIRED_PRICE typed at O11 over cells the table once
 * formatted. After a refresh its figures have the formats the same formula gets on a fresh
 * sheet, and the cells the blocked table left have none.
 */
import { OWNER, SheetsSim } from "./sim/sheetsSim";

jest.setTimeout(600_000);

const PREVIEW = '=SET_MARGIN_PREVIEW("B", 500001, "MY", 40000001, 0.2)';
// (The simulator parses no percent literal: 20% is the 0.2 Sheets hands the function.)
const BLOCKER = '=MKTA_BREAKDOWN(100001, "SG", 10000001, , "netProfit")';
const LATER = '=REQUIRED_PRICE("A", 100001, "SG", 100008, 50, 0.25)';

/** Formats of rows 11 to 40, columns O and P (1-based 15, 16), as "row,col" -> format. */
function laterFormats(sim: SheetsSim): Record<string, string> {
  const formats = sim.doc.book.sheet("Sheet1").formats;
  const out: Record<string, string> = {};
  for (let row = 11; row <= 40; row++)
    for (const col of [15, 16]) {
      const f = formats.get(`${row},${col}`);
      if (f !== undefined && f !== "General") out[`${row},${col}`] = f;
    }
  return out;
}

async function refresh(sim: SheetsSim): Promise<void> {
  await sim.call(OWNER, "refreshFromSidebar", ["sheet", "all"]);
  await sim.runUntilIdle();
}

async function started(): Promise<SheetsSim> {
  const sim = await SheetsSim.start();
  await sim.call(OWNER, "getSettings");
  return sim;
}

test("a later answer over cells a blocked table formatted gets the formats of a fresh sheet", async () => {
  const fresh = await started();
  let expected: Record<string, string>;
  try {
    fresh.edit(OWNER, "O11", [[LATER]]);
    await fresh.runUntilIdle();
    await refresh(fresh);
    expected = laterFormats(fresh);
  } finally {
    await fresh.close();
  }
  // Money rows with two decimals, the target margin as a percentage.
  expect(Object.values(expected)).toContain("#,##0.00");
  expect(Object.values(expected)).toContain("0.00%");

  const sim = await started();
  try {
    sim.edit(OWNER, "E15", [[PREVIEW]]);
    await sim.runUntilIdle();
    await refresh(sim);
    const formats = sim.doc.book.sheet("Sheet1").formats;
    // Its Target margin (column P) and Resulting margin (N) are percentages now.
    expect([formats.get("16,16"), formats.get("17,14")]).toEqual(["0.00%", "0.00%"]);

    sim.edit(OWNER, "E16", [[BLOCKER]]);
    await sim.runUntilIdle();
    expect(String(sim.values("E15")[0]?.[0])).toBe("#REF!");
    await refresh(sim);
    sim.select(OWNER, "A1");
    const step = async (what: string, fn: string, args: unknown[]) => {
      try {
        await sim.call(OWNER, fn, args);
      } catch (e) {
        throw new Error(`${what}: ${(e as Error).message}`);
      }
    };
    await step("freeze", "sidebarFreezeValues", ["sheet", false]);
    await step("unfreeze", "sidebarFreezeValues", ["sheet", true]);
    await sim.runUntilIdle();
    const settings = (await sim.call(OWNER, "getSettings")) as Record<string, unknown>;
    await step("basis 1", "saveSettings", [{ ...settings, countVat: false }]);
    await step("basis 2", "saveSettings", [{ ...settings, countVat: true }]);
    await refresh(sim);

    sim.edit(OWNER, "O11", [[LATER]]);
    await sim.runUntilIdle();
    await refresh(sim);
    expect(laterFormats(sim)).toEqual(expected);
    // The blocked table's cells that nothing fills keep no format of it.
    expect(sim.doc.book.sheet("Sheet1").formats.get("17,14") ?? "General").toBe("General");
  } finally {
    await sim.close();
  }
});
