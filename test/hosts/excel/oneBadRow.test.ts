/**
 * Bounds that fail one row, not the whole (issue 36), in Excel's workbook fake over real HTTP:
 * a 200-row import where the API sends one product with a 40,000-character name writes the
 * other 199 and names the one (the result, the Refresh log); a snapshot larger than History
 * holds is refused before anything is written, with a sentence, and History stays as it was.
 */
import type { ImportDefinition } from "../../../src/imports/definitions";
import { generateDemoData } from "../../../src/server/data/generate";
import { HISTORY_LIMIT } from "../../../src/sidebar/history";
import { idsInOrder } from "../../helpers/managedScenario";
import { startTestServer } from "../../helpers/server";
import { paneOverServer } from "./paneOverServer";

jest.setTimeout(120_000);

const TODAY = "2025-06-30";
const DEF: ImportDefinition = {
  id: "top",
  kind: "productsByProfit",
  marketplace: "A",
  shopId: "100001",
  region: "SG",
  sheetName: "Top products",
  options: { limit: 200 },
};

/** The demo data, with the product `itemId` named 40,000 characters long when given. */
function demoData(itemId?: number) {
  const shared = generateDemoData({ seed: 1, scale: 1, today: TODAY, hostileNames: false });
  if (itemId === undefined) return shared;
  // The generator memoizes its data for the process: change a copy.
  const data = structuredClone(shared);
  const product = data.accounts
    .find((a) => a.id === "demo")
    ?.shopsA[0]?.products.find((p) => p.itemId === itemId);
  if (!product) throw new Error(`no product ${itemId}`);
  // The demo's records are read-only to the server; this test gives one a name no API sends.
  (product as { name: string }).name = "n".repeat(40_000);
  return data;
}

test("a 200-row import where one name is 40,000 characters long writes 199 rows and names the one", async () => {
  // The same import from the same data without the long name: its 200 products.
  const plain = await startTestServer({ data: demoData() });
  const before = paneOverServer(plain, plain.keyFor("demo"));
  await before.bridge.runImport(DEF);
  const all = idsInOrder(before.excel.table("Top products"));
  await plain.close();
  expect(all).toHaveLength(200);
  const bad = Number(all[120]);

  const server = await startTestServer({ data: demoData(bad) });
  try {
    const { excel, bridge } = paneOverServer(server, server.keyFor("demo"));
    const result = await bridge.runImport(DEF);
    const problem = `item ${bad}: name is 40,000 characters long (a name has at most 1,000)`;
    expect(result).toMatchObject({ rows: 199, leftOut: { count: 1, named: [problem] } });
    const ids = idsInOrder(excel.table("Top products"));
    expect(ids).toHaveLength(199);
    expect(ids).toEqual(all.filter((id) => id !== String(bad)));
    const log = excel.table("Refresh log");
    expect(JSON.stringify(log[log.length - 1])).toContain(problem);
  } finally {
    await server.close();
  }
});

test("a snapshot larger than History holds is refused with a sentence; History is unchanged", async () => {
  const server = await startTestServer({ hostileNames: false });
  try {
    const { excel, bridge } = paneOverServer(server, server.keyFor("demo"));
    await bridge.runImport({ ...DEF, options: { limit: 20 } });
    await bridge.team.keepSnapshot("Top products");
    const history = excel.table("Price history");
    expect(history).toHaveLength(21);
    const log = excel.table("Refresh log");
    // The table grows to 60,000 products (its id column, as a bigger shop's import would).
    const sheet = excel.sheets.get("Top products");
    const idAt = (excel.table("Top products")[0] ?? []).indexOf("Item id");
    for (let r = 21; r <= 60_000; r++) sheet?.values.set(`${r},${idAt}`, 90_000_000 + r);
    await expect(bridge.team.keepSnapshot("Top products")).rejects.toThrow(
      `Top products has 60,000 products, more than Price history keeps (${HISTORY_LIMIT.toLocaleString("en-US")} rows in all): nothing was written`,
    );
    expect(excel.table("Price history")).toEqual(history);
    // The refused snapshot (a job that failed) is one Refresh log line saying why, no more.
    const after = excel.table("Refresh log");
    expect(after.slice(0, log.length)).toEqual(log);
    expect(after).toHaveLength(log.length + 1);
    expect(String(after[log.length]?.[5])).toMatch(/more than Price history keeps/);
  } finally {
    await server.close();
  }
});
