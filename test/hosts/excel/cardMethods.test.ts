/**
 * The product card's reference methods (issue 23 item 2, ExcelApi 1.19): =B2.RequiredPrice(25%)
 * and =B2.ProfitAt(19.90) answer what REQUIRED_PRICE and SET_BUYER_PRICE_PREVIEW answer for the
 * same product and basis, at the same request count. Modelled in the entity shim from
 * Microsoft's "Add reference methods to cell values" (harness/entityShim.ts callMethod); the
 * fallback without ExcelApi 1.19: the card still works, its methods are absent (#FIELD!).
 * Real HTTP to the reference server; Office.context.requirements faked at the host edge.
 */
import { startTestServer, type TestServer } from "../../helpers/server";
import { demoIds } from "./harness/catalogCases";
import { callMethod, entityProblems, fieldValue, type EntityHost } from "./harness/entityShim";
import { callInNode, fakeCustomFunctions, FakeExcelError, memoryOfficeStorage } from "./nodeExcel";
import { CATALOG } from "../../../src/functions";
import { functionsMetadata } from "../../../src/hosts/shared/metadata";
import { associateCardMethods, withCardMethods } from "../../../src/hosts/shared/cardMethods";
import { figureOutput } from "../../../src/hosts/shared/excelValues";
import { ExcelSession } from "../../../src/hosts/shared/session";
import { fetchTransport } from "../../../src/hosts/shared/fetchTransport";

let server: TestServer;
let key: string;
const ids = demoIds();
const g = globalThis as { Office?: unknown };
const META = withCardMethods(functionsMetadata(CATALOG));

function excelWith(sets: Record<string, number>): EntityHost {
  g.Office = {
    context: {
      requirements: {
        isSetSupported: (name: string, version?: string) =>
          name in sets && Number(version ?? "1") <= (sets[name] ?? 0),
      },
    },
  };
  return { excelApi119: (sets.ExcelApi ?? 0) >= 1.19, namespace: "MKT" };
}
const NEW_EXCEL = { CustomFunctionsRuntime: 1.4, ExcelApi: 1.19, SharedRuntime: 1.1 };

/** A session that counts the requests it sends. */
function counted() {
  let sent = 0;
  const inner = fetchTransport();
  const session = new ExcelSession({
    storage: memoryOfficeStorage({ "mkt.apiKey": key, "mkt.baseUrl": server.baseUrl }),
    defaultBaseUrl: server.baseUrl,
    transport: { ...inner, fetch: (req, opt) => (sent++, inner.fetch(req, opt)) },
  });
  return { session, sent: () => sent };
}

/** Excel with the methods associated on `session`, as functions.ts does. */
function excelOn(session: ExcelSession, host: EntityHost) {
  fakeCustomFunctions.associated.clear();
  associateCardMethods(fakeCustomFunctions, {
    session,
    customFunctions: fakeCustomFunctions,
    figures: figureOutput,
  });
  const excel = { host, functions: META.functions, associated: fakeCustomFunctions.associated };
  return async (card: unknown, method: string, args: unknown[]) => {
    try {
      const out = await callMethod(card, method, args, excel);
      return { ok: true, value: out };
    } catch (e) {
      if (e instanceof FakeExcelError) return { ok: false, error: e.code, message: e.message };
      throw e;
    }
  };
}

async function cardOf(session: ExcelSession, name: string, args: unknown[]) {
  const out = await callInNode(session, name, args);
  if (!out.ok) throw new Error(out.message);
  return out.value;
}

const basic = (v: unknown) => (v as { basicValue: number }).basicValue;

beforeAll(async () => {
  server = await startTestServer();
  key = server.keyFor("demo");
});
afterAll(async () => {
  delete g.Office;
  await server.close();
});

test("functions.json: each method captures the calling object (type any, first), out of AutoComplete", () => {
  const methods = META.functions.filter((f) => f.options.capturesCallingObject);
  expect(methods.map((f) => f.id)).toEqual(["CARD_REQUIRED_PRICE", "CARD_PROFIT_AT"]);
  for (const f of methods) {
    expect(f.options.excludeFromAutoComplete).toBe(true);
    expect(f.parameters[0]).toMatchObject({ name: "card", type: "any", optional: false });
  }
  // The catalog part is unchanged: Sheets' parity is checked on it alone.
  expect(META.functions.slice(0, CATALOG.length).map((f) => f.id)).toEqual(
    CATALOG.map((f) => f.name),
  );
});

test("A: =B2.RequiredPrice(25%, category) is REQUIRED_PRICE for its COGS and basis, at the same requests", async () => {
  const host = excelWith(NEW_EXCEL);
  const viaCard = counted();
  const card = await cardOf(viaCard.session, "MKTA_PRODUCT_CARD", [
    ids.shopA,
    ids.regionA,
    ids.itemA,
  ]);
  expect(entityProblems(card, host)).toEqual([]);
  const afterCard = viaCard.sent();
  const method = await excelOn(viaCard.session, host)(card, "RequiredPrice", [0.25, ids.categoryA]);
  const methodRequests = viaCard.sent() - afterCard;

  const cogs = -basic(fieldValue(card, "manufacturingCogs"));
  const direct = counted();
  const typed = await callInNode(direct.session, "REQUIRED_PRICE", [
    "A",
    ids.shopA,
    ids.regionA,
    ids.categoryA,
    cogs,
    0.25,
    "requiredListingPrice",
    undefined,
    undefined,
    undefined,
    fieldValue(card, "includeVat"),
  ]);
  expect(typed.ok).toBe(true);
  expect(method).toEqual(typed);
  expect(methodRequests).toBe(direct.sent());
  expect(methodRequests).toBeGreaterThan(0);
  expect(methodRequests).toBeLessThanOrEqual(3); // A reaches a margin in at most 3
});

test("A: without a category the method says which argument to give; a plain number is not a card", async () => {
  const host = excelWith(NEW_EXCEL);
  const { session } = counted();
  const card = await cardOf(session, "MKTA_PRODUCT_CARD", [ids.shopA, ids.regionA, ids.itemA]);
  const call = excelOn(session, host);
  const out = await call(card, "RequiredPrice", [0.25]);
  expect(out).toMatchObject({ ok: false, error: "#VALUE!" });
  expect((out as { message: string }).message).toMatch(/^category is required for marketplace A/);
  // A method reference on some other value (a number with properties): not a product card.
  const ref = (card as unknown as { properties: Record<string, unknown> }).properties.RequiredPrice;
  const notCard = { type: "Double", basicValue: 3, properties: { RequiredPrice: ref } };
  const refused = await call(notCard, "RequiredPrice", [0.25]);
  expect(refused).toMatchObject({ ok: false, error: "#VALUE!" });
  expect((refused as { message: string }).message).toMatch(/^card is not a product card/);
});

test("A model: =B2.ProfitAt(19.90) is SET_BUYER_PRICE_PREVIEW's net profit, at the same requests", async () => {
  const host = excelWith(NEW_EXCEL);
  const m = ids.modelsA[0];
  if (!m) throw new Error("no model");
  const viaCard = counted();
  const card = await cardOf(viaCard.session, "MKTA_PRODUCT_CARD", [
    ids.shopA,
    ids.regionA,
    m.itemId,
    m.modelId,
  ]);
  const before = viaCard.sent();
  const method = await excelOn(viaCard.session, host)(card, "ProfitAt", [19.9]);
  const direct = counted();
  const typed = await callInNode(direct.session, "SET_BUYER_PRICE_PREVIEW", [
    "A",
    ids.shopA,
    ids.regionA,
    String(m.itemId),
    19.9,
    String(m.modelId),
    undefined,
    "netProfit",
    undefined,
    fieldValue(card, "includeVat"),
  ]);
  expect(typed).toMatchObject({ ok: true, value: [[{ numberFormat: "#,##0.00" }]] });
  expect(method).toEqual(typed);
  expect(viaCard.sent() - before).toBe(direct.sent());
});

test("B SKU and C product cards: both methods answer as the typed functions", async () => {
  const host = excelWith(NEW_EXCEL);
  const { session } = counted();
  const call = excelOn(session, host);
  const bCard = await cardOf(session, "MKTB_PRODUCT_CARD", [
    ids.sellerB,
    ids.regionB,
    ids.itemB,
    ids.skuB,
  ]);
  expect(entityProblems(bCard, host)).toEqual([]);
  const bCogs = -basic(fieldValue(bCard, "cogs"));
  const vatB = fieldValue(bCard, "hasVat");
  expect(await call(bCard, "RequiredPrice", [0.2, ids.categoryB])).toEqual(
    await callInNode(session, "REQUIRED_PRICE", [
      "B",
      undefined,
      ids.regionB,
      ids.categoryB,
      bCogs,
      0.2,
      "requiredListingPrice",
      undefined,
      undefined,
      undefined,
      vatB,
    ]),
  );
  const bProfit = await call(bCard, "ProfitAt", [30]);
  expect(bProfit).toMatchObject({ ok: true });
  expect(bProfit).toEqual(
    await callInNode(session, "SET_BUYER_PRICE_PREVIEW", [
      "B",
      ids.sellerB,
      ids.regionB,
      String(ids.itemB),
      30,
      String(ids.skuB),
      undefined,
      "resultingProfit",
      undefined,
      vatB,
    ]),
  );

  // C: the card names its category path, so RequiredPrice needs only the margin.
  const cCard = await cardOf(session, "MKTC_PRODUCT_CARD", [ids.shopC, ids.productC]);
  expect(entityProblems(cCard, host)).toEqual([]);
  expect(fieldValue(cCard, "category")).toMatch(/ > /);
  const cReq = await call(cCard, "RequiredPrice", [0.3]);
  expect(cReq).toMatchObject({ ok: true });
  expect(cReq).toEqual(
    await callInNode(session, "REQUIRED_PRICE", [
      "C",
      ids.shopC,
      undefined,
      fieldValue(cCard, "category"),
      -basic(fieldValue(cCard, "cogs")),
      0.3,
      "requiredListingPrice",
      undefined,
      undefined,
      undefined,
      fieldValue(cCard, "hasVat"),
    ]),
  );
  // A whole C product has several SKUs: the buyer-price preview prices one.
  const cProfit = await call(cCard, "ProfitAt", [1000]);
  expect(cProfit).toMatchObject({ ok: false, error: "#VALUE!" });
  expect((cProfit as { message: string }).message).toMatch(/skuId/);
});

test("Excel without ExcelApi 1.19: the card is the same documented entity with no methods (#FIELD!)", async () => {
  const host = excelWith({ CustomFunctionsRuntime: 1.4, SharedRuntime: 1.1 });
  const { session } = counted();
  const card = await cardOf(session, "MKTA_PRODUCT_CARD", [ids.shopA, ids.regionA, ids.itemA]);
  expect(entityProblems(card, host)).toEqual([]);
  expect(fieldValue(card, "netProfit")).toMatchObject({ type: "Double" });
  const out = await excelOn(session, host)(card, "RequiredPrice", [0.25, ids.categoryA]);
  expect(out).toEqual({ ok: true, value: { error: "#FIELD!" } });
  // With 1.19 the same card carries them, and the shim refuses them on a host without it.
  excelWith(NEW_EXCEL);
  const withMethods = await cardOf(session, "MKTA_PRODUCT_CARD", [
    ids.shopA,
    ids.regionA,
    ids.itemA,
  ]);
  expect(entityProblems(withMethods, host)).toEqual([
    "property RequiredPrice is a Function value, which needs ExcelApi 1.19",
    "property ProfitAt is a Function value, which needs ExcelApi 1.19",
  ]);
});

test("a filled-down column of 10 cards and their RequiredPrice cells: every method costs what its REQUIRED_PRICE cell does", async () => {
  const host = excelWith(NEW_EXCEL);
  const items = [...new Set(ids.modelsA.map((m) => m.itemId))].slice(0, 10);
  const viaCards = counted();
  const cards = await Promise.all(
    items.map((i) => cardOf(viaCards.session, "MKTA_PRODUCT_CARD", [ids.shopA, ids.regionA, i])),
  );
  const cardRequests = viaCards.sent();
  expect(cardRequests).toBeLessThan(items.length); // the cards coalesce
  const call = excelOn(viaCards.session, host);
  const answers = await Promise.all(
    cards.map((c) => call(c, "RequiredPrice", [0.25, ids.categoryA])),
  );
  expect(answers.every((a) => a.ok)).toBe(true);
  const direct = counted();
  await Promise.all(
    cards.map((c) =>
      callInNode(direct.session, "REQUIRED_PRICE", [
        "A",
        ids.shopA,
        ids.regionA,
        ids.categoryA,
        -basic(fieldValue(c, "manufacturingCogs")),
        0.25,
        "requiredListingPrice",
        undefined,
        undefined,
        undefined,
        fieldValue(c, "includeVat"),
      ]),
    ),
  );
  expect(viaCards.sent() - cardRequests).toBe(direct.sent());
});

describe("a card whose properties Excel rewrote (FAKES.md E-C17)", () => {
  const requiredPrice = (c: unknown, session: ExcelSession) =>
    callInNode(session, "REQUIRED_PRICE", [
      "A",
      ids.shopA,
      ids.regionA,
      ids.categoryA,
      -Number(basic(fieldValue(c, "manufacturingCogs"))),
      0.25,
      "requiredListingPrice",
      undefined,
      undefined,
      undefined,
      fieldValue(c, "includeVat"),
    ]);

  test.each(["numbersAsText", "textAsTyped"] as const)(
    "%s: both methods still answer on the card's own basis (VAT on and off)",
    async (callingObject) => {
      const { session } = counted();
      excelWith(NEW_EXCEL);
      const call = excelOn(session, { ...excelWith(NEW_EXCEL), callingObject });
      for (const vat of ["TRUE", "FALSE"]) {
        const card = await cardOf(session, "MKTA_PRODUCT_CARD", [
          ids.shopA,
          ids.regionA,
          ids.itemA,
          undefined,
          undefined,
          vat,
        ]);
        expect(fieldValue(card, "includeVat")).toBe(vat);
        const typed = await requiredPrice(card, session);
        expect(typed).toMatchObject({ ok: true });
        expect([vat, await call(card, "RequiredPrice", [0.25, ids.categoryA])]).toEqual([
          vat,
          typed,
        ]);
        const profit = await call(card, "ProfitAt", [19.9]);
        expect(profit).toEqual(
          await callInNode(session, "SET_BUYER_PRICE_PREVIEW", [
            "A",
            ids.shopA,
            ids.regionA,
            String(ids.itemA),
            19.9,
            undefined,
            undefined,
            "netProfit",
            undefined,
            vat,
          ]),
        );
      }
    },
  );

  test("properties missing or unreadable: the error names them and how to make the card again", async () => {
    const host = excelWith(NEW_EXCEL);
    const { session } = counted();
    const call = excelOn(session, host);
    const card = (await cardOf(session, "MKTA_PRODUCT_CARD", [
      ids.shopA,
      ids.regionA,
      ids.itemA,
    ])) as unknown as { properties: Record<string, unknown> };
    const without = (...names: string[]) => ({
      ...card,
      properties: Object.fromEntries(
        Object.entries(card.properties).filter(([k]) => !names.includes(k)),
      ),
    });
    const messageOf = async (c: unknown, method: string, args: unknown[]) => {
      const out = await call(c, method, args);
      expect(out).toMatchObject({ ok: false, error: "#VALUE!" });
      return (out as { message: string }).message;
    };
    expect(await messageOf(without("shopId", "region"), "RequiredPrice", [0.25, 1])).toBe(
      "card has no shopId, region (Excel did not pass them back with the card): make the card again with MKTA_PRODUCT_CARD",
    );
    expect(await messageOf(without("itemId"), "ProfitAt", [19.9])).toMatch(
      /^card has no itemId \(Excel did not pass it back with the card\): make the card again with MKTA_PRODUCT_CARD/,
    );
    const odd = { ...card, properties: { ...card.properties } };
    odd.properties.manufacturingCogs = { type: "String", basicValue: "twelve" };
    odd.properties.includeVat = { type: "String", basicValue: "maybe" };
    expect(await messageOf(odd, "RequiredPrice", [0.25, 1])).toMatch(
      /^card holds "twelve" as manufacturingCogs, not a number \(Excel changed it\)/,
    );
    odd.properties.manufacturingCogs = card.properties.manufacturingCogs;
    expect(await messageOf(odd, "ProfitAt", [19.9])).toMatch(
      /^card holds "maybe" as includeVat, not TRUE or FALSE/,
    );
    // Without its marketplace it is no product card at all.
    expect(await messageOf(without("marketplace"), "ProfitAt", [19.9])).toMatch(
      /^card is not a product card/,
    );
  });
});
