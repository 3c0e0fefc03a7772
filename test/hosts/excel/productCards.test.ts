/// <reference types="office-js" />
/**
 * Excel product cards (issue 23 item 2): MKTA_PRODUCT_CARD answers an entity value that
 * validates against the documented shape, whose properties are the catalog's field names
 * (dot syntax and FIELDVALUE read them, figures formatted), and falls back to the net profit
 * number where CustomFunctionsRuntime 1.4 is missing. A filled-down column of cards costs the
 * requests a column of MKTA_BREAKDOWN cells does. Real HTTP to the reference server;
 * Office.context.requirements faked at the host edge.
 */
import { startTestServer, type TestServer } from "../../helpers/server";
import { demoIds } from "./harness/catalogCases";
import { entityProblems, fieldValue } from "./harness/entityShim";
import { callInNode, memoryOfficeStorage, nodeSession } from "./nodeExcel";
import { functionsMetadata } from "../../../src/hosts/shared/metadata";
import { CATALOG } from "../../../src/functions";
import type { ExcelEntity } from "../../../src/hosts/shared/excelCard";
import type { Fits } from "../../../src/hosts/shared/realTypes";
import { ExcelSession } from "../../../src/hosts/shared/session";
import { fetchTransport } from "../../../src/hosts/shared/fetchTransport";

// Compile-time: the add-in's entity is an Excel.EntityCellValue as @types/office-js has it.
export type _EntityFits = Fits<ExcelEntity, Excel.EntityCellValue>;

let server: TestServer;
let key: string;
const ids = demoIds();
const g = globalThis as { Office?: unknown };

function excelWith(sets: Record<string, number>): void {
  g.Office = {
    context: {
      requirements: {
        isSetSupported: (name: string, version?: string) =>
          name in sets && Number(version ?? "1") <= (sets[name] ?? 0),
      },
    },
  };
}

beforeAll(async () => {
  server = await startTestServer();
  key = server.keyFor("demo");
});
afterAll(async () => {
  delete g.Office;
  await server.close();
});

const card = (session = nodeSession(server.baseUrl, key), item = ids.itemA) =>
  callInNode(session, "MKTA_PRODUCT_CARD", [ids.shopA, ids.regionA, item]);
const breakdown = (field: string, session = nodeSession(server.baseUrl, key)) =>
  callInNode(session, "MKTA_BREAKDOWN", [ids.shopA, ids.regionA, ids.itemA, undefined, field]);

test("functions.json: the card is one cell of type any, and 'any' may be a data type", () => {
  const meta = functionsMetadata(CATALOG);
  expect(meta.allowCustomDataForDataTypeAny).toBe(true);
  const fn = meta.functions.find((f) => f.id === "MKTA_PRODUCT_CARD");
  expect(fn?.result).toEqual({ type: "any", dimensionality: "scalar" });
});

test("with CustomFunctionsRuntime 1.4 the card is a documented entity; dot syntax reads netProfit", async () => {
  excelWith({ CustomFunctionsRuntime: 1.4, SharedRuntime: 1.1 });
  const out = await card();
  if (!out.ok) throw new Error(out.message);
  expect(entityProblems(out.value)).toEqual([]);
  const entity = out.value as unknown as ExcelEntity;
  expect(entity.text).toBe(`Item ${ids.itemA}`);
  // The card shows the breakdown lines, the profit with margin, the basis and the data's time.
  expect(entity.layouts.card.sections.map((s) => s.title)).toEqual([
    "Per unit",
    "Profit",
    "Product",
    "Basis",
  ]);
  expect(entity.layouts.card.sections[0]?.properties).toContain("commissionFee");
  expect(entity.layouts.card.sections[1]?.properties).toEqual(
    expect.arrayContaining(["netProfit", "margin"]),
  );
  expect(entity.layouts.card.sections[3]?.properties).toEqual(
    expect.arrayContaining(["basis", "dataFreshAt"]),
  );
  // =B2.netProfit: the same formatted number MKTA_BREAKDOWN(..., "netProfit") answers.
  const net = await breakdown("netProfit");
  if (!net.ok || !Array.isArray(net.value)) throw new Error("no net profit");
  expect(fieldValue(entity, "netProfit")).toEqual(net.value[0]?.[0]);
  expect(fieldValue(entity, "netProfit")).toMatchObject({ numberFormat: "#,##0.00" });
  // FIELDVALUE(B2, "margin"): a percentage, as the breakdown's margin.
  const margin = await breakdown("margin");
  if (!margin.ok || !Array.isArray(margin.value)) throw new Error("no margin");
  expect(fieldValue(entity, "margin")).toEqual(margin.value[0]?.[0]);
  expect(fieldValue(entity, "basis")).toMatch(/^output VAT/);
  // The data's sync time, from the shop's product list (A2 answers carry none).
  expect(fieldValue(entity, "dataFreshAt")).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
  expect(fieldValue(entity, "noSuchField")).toEqual({ error: "#FIELD!" });
});

test("a marketplace B SKU's card: the same shape, its net profit as MKTB_BREAKDOWN's", async () => {
  excelWith({ CustomFunctionsRuntime: 1.4 });
  const session = nodeSession(server.baseUrl, key);
  const B = [ids.sellerB, ids.regionB, ids.itemB, ids.skuB];
  const out = await callInNode(session, "MKTB_PRODUCT_CARD", B);
  if (!out.ok) throw new Error(out.message);
  expect(entityProblems(out.value)).toEqual([]);
  expect((out.value as unknown as ExcelEntity).text).toBe(`Item ${ids.itemB}, SKU ${ids.skuB}`);
  // The reference server syncs at 02:00 UTC of its today (2025-06-30).
  expect(fieldValue(out.value, "dataFreshAt")).toBe("2025-06-30 02:00 UTC");
  const net = await callInNode(session, "MKTB_BREAKDOWN", [...B, "netProfit"]);
  if (!net.ok || !Array.isArray(net.value)) throw new Error("no net profit");
  expect(fieldValue(out.value, "netProfit")).toEqual(net.value[0]?.[0]);
  excelWith({});
  expect(await callInNode(session, "MKTB_PRODUCT_CARD", B)).toEqual({
    ok: true,
    value: (net.value[0]?.[0] as { basicValue: number }).basicValue,
  });
});

test("older Excel (no CustomFunctionsRuntime 1.4): the cell shows the product's net profit", async () => {
  excelWith({ SharedRuntime: 1.1 });
  const out = await card();
  const net = await breakdown("netProfit");
  if (!net.ok || !Array.isArray(net.value)) throw new Error("no net profit");
  expect(out).toEqual({ ok: true, value: net.value[0]?.[0] });
  expect(typeof (out.ok && out.value)).toBe("number");
});

test("a filled-down column of cards costs what a column of breakdown cells does", async () => {
  excelWith({ CustomFunctionsRuntime: 1.4 });
  const items = [...new Set(ids.modelsA.map((m) => m.itemId))].slice(0, 20);
  const counted = () => {
    let sent = 0;
    const inner = fetchTransport();
    const session = new ExcelSession({
      storage: memoryOfficeStorage({ "mkt.apiKey": key, "mkt.baseUrl": server.baseUrl }),
      defaultBaseUrl: server.baseUrl,
      transport: { ...inner, fetch: (req, opt) => (sent++, inner.fetch(req, opt)) },
    });
    return { session, sent: () => sent };
  };
  const cards = counted();
  const answers = await Promise.all(items.map((i) => card(cards.session, i)));
  expect(answers.every((a) => a.ok && entityProblems(a.value).length === 0)).toBe(true);
  const cells = counted();
  await Promise.all(
    items.map((i) =>
      callInNode(cells.session, "MKTA_BREAKDOWN", [
        ids.shopA,
        ids.regionA,
        i,
        undefined,
        "netProfit",
      ]),
    ),
  );
  expect(items.length).toBe(20);
  // One more: the shop's product list, asked once for the data's sync time.
  expect(cards.sent()).toBe(cells.sent() + 1);
  expect(cards.sent()).toBeLessThan(items.length); // coalesced, not one request per cell
});
