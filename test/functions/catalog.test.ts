import "../helpers/figureValues";
import { Figure } from "../../src/core/figure";
import { ENDPOINTS, endpointById } from "../../src/api/endpoints";
import type { ApiCall } from "../../src/core/effects";
import { ApiError } from "../../src/core/errors";
import {
  CATALOG,
  CellError,
  SIDEBAR_ONLY,
  errorsAsText,
  functionByName,
  type CellInput,
  type CellResult,
} from "../../src/functions";
import { fakeBreakdown, runScripted } from "./scripted";

/** Google Sheets built-ins a seller might also type; our names must not shadow them. */
const SHEETS_BUILTINS = [
  "SUM",
  "AVERAGE",
  "COUNT",
  "IF",
  "VLOOKUP",
  "HLOOKUP",
  "XLOOKUP",
  "INDEX",
  "MATCH",
  "FILTER",
  "SORT",
  "QUERY",
  "IMPORTRANGE",
  "IMPORTDATA",
  "IMPORTHTML",
  "IMPORTXML",
  "GOOGLEFINANCE",
  "GOOGLETRANSLATE",
  "SPARKLINE",
  "ARRAYFORMULA",
  "UNIQUE",
  "SPLIT",
  "JOIN",
  "TEXT",
  "VALUE",
  "DATE",
  "TODAY",
  "NOW",
  "SEARCH",
  "FIND",
  "PRODUCT",
  "PRICE",
  "YIELD",
  "RATE",
  "NPV",
  "IRR",
  "PMT",
  "FV",
  "PV",
  "ROUND",
  "MAX",
  "MIN",
  "LOOKUP",
  "CHOOSE",
  "MEDIAN",
  "TRANSPOSE",
  "FLATTEN",
  "LAMBDA",
  "MAP",
  "REDUCE",
  "BYROW",
  "BYCOL",
  "LET",
  "IMAGE",
  "HYPERLINK",
  "DETECTLANGUAGE",
];

/** Valid sample arguments for each function (ids of the scripted world below). */
const SAMPLES: Record<string, CellInput[]> = {
  MKTA_BREAKDOWN: [1001, "sg", 11],
  MKTA_PRODUCT_CARD: [1001, "sg", 11],
  MKTB_PRODUCT_CARD: [500001, "MY", 40000001],
  MKTA_ITEM: [1001, "SG", 11],
  MKTA_NEW_PRODUCT: [1001, "SG", 25, 100],
  MKTA_SIMULATE: [1001, "SG", 11, 5, undefined, undefined, 2],
  MKTA_PRODUCTS: [1001, "SG", 3],
  MKTA_TOP_PRODUCTS: [1001, "SG", "roas", 3],
  MKTA_CORRECTED_ROAS: [1001, "SG", [[11], [12]]],
  MKTA_OVERVIEW: [1001, "SG", "FLOW"],
  MKTA_COMMISSION_IMPACT: [1001, "SG", "2025-07-01"],
  MKTA_COMMISSION_OVERVIEW: [1001, "SG"],
  MKTA_CATEGORIES: [1001, "SG"],
  FEE_CHANGE: [1001, "SG", 11, "2025-07-01"],
  MKTB_BREAKDOWN: [2001, "TH", 21, [[7], [8]]],
  MKTB_ITEM: [2001, "TH", 21],
  MKTB_NEW_PRODUCT: ["TH", 490, 12],
  MKTB_SIMULATE: [2001, "TH", 21],
  MKTB_PRODUCTS: [2001, "TH"],
  MKTB_ALL_SKUS: [2001, "TH", 1],
  MKTB_TOP_PRODUCTS: [2001, "TH"],
  MKTB_CORRECTED_ROAS: [2001, "TH", 21],
  MKTB_OVERVIEW: [2001, "TH"],
  MKTC_BREAKDOWN: [3001, "P1"],
  MKTC_PRODUCT_CARD: [3001, "P1"],
  MKTC_PRODUCTS: [3001, [["P1"], ["P2"]]],
  MKTC_NEW_PRODUCT: [3001, 299, "Beauty > Skincare"],
  MKTC_SIMULATE: [3001, "P1", "S1"],
  MKTC_OVERVIEW: [3001, "TH"],
  REQUIRED_PRICE: ["C", 3001, "", "Beauty > Skincare", 50, 0.25],
  PROFIT_ROAS: ["A", 1001, "SG", 11, "CLEANED"],
  SET_MARGIN_PREVIEW: ["A", 1001, "SG", 11, 5, 7, "PROFIT", 30],
  SET_BUYER_PRICE_PREVIEW: ["B", 2001, "TH", 21, 99, 7],
  SHOPS: [],
  PRODUCT_SEARCH: ["serum"],
};

/** A scripted API that answers every endpoint in the shape of the contract. */
function world(c: ApiCall): unknown {
  const spec = endpointById(c.endpoint);
  if (Array.isArray(c.params.itemIds) && !spec.batch) {
    return (c.params.itemIds as number[]).map((itemId) => ({ itemId, correctedRoas: 2 }));
  }
  if (spec.batch) {
    const ids = c.params[spec.batch.idsField] as Array<string | number>;
    return ids.map((id) =>
      fakeBreakdown({ [spec.batch?.resultIdField ?? "id"]: id, itemId: 11, productId: "P1" }),
    );
  }
  if (spec.pagination === "cursor")
    return {
      data: [fakeBreakdown({ itemId: 11 })],
      nextCursor: null,
      dataFreshAt: [2025, 6, 1, 0, 0, 0],
    };
  if (spec.pagination === "offset")
    return {
      entries: [fakeBreakdown({ itemId: 11 })],
      page: 0,
      pageSize: 50,
      totalItems: 1,
      totalPages: 1,
    };
  if (spec.response.kind === "array") return [{ shopId: 1, region: "SG", shopName: "Shop" }];
  if (c.endpoint.endsWith("21") || ["A22", "B14", "B15", "C8", "C9"].includes(c.endpoint)) {
    return {
      adjustedItems: [{ itemId: 11, modelId: 5, skuId: 7, computedSellerDiscount: 3, margin: 20 }],
      unadjustableItems: [],
    };
  }
  const answer: Record<string, unknown> = fakeBreakdown({
    requiredListingPrice: 123,
    profitAdjustedCleanedRoas: 1.5,
    totalProfit: 10,
  });
  // Every field the spec shows for the endpoint is there (a real API sends them).
  for (const f of spec.response.fields)
    if (!(f.name in answer))
      answer[f.name] = f.type === "array" ? [] : f.type === "object" ? {} : 1;
  return answer;
}

describe("catalog metadata", () => {
  test("names are legal, unique and clash with no Sheets built-in", () => {
    const names = CATALOG.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(name).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(name.endsWith("_")).toBe(false);
      expect(SHEETS_BUILTINS).not.toContain(name);
    }
    expect(functionByName("mkta_breakdown")?.name).toBe("MKTA_BREAKDOWN");
  });

  test("every endpoint is reached by a function or documented as sidebar-only", () => {
    const covered = new Set(CATALOG.flatMap((f) => f.endpoints));
    for (const e of ENDPOINTS) expect(covered.has(e.id) || e.id in SIDEBAR_ONLY).toBe(true);
    for (const id of covered) expect(() => endpointById(id)).not.toThrow();
  });

  test("parameters: unique names, required before optional, help everywhere", () => {
    for (const fn of CATALOG) {
      const names = fn.params.map((p) => p.name);
      expect(new Set(names).size).toBe(names.length);
      const firstOptional = fn.params.findIndex((p) => p.optional);
      if (firstOptional >= 0)
        expect(fn.params.slice(firstOptional).every((p) => p.optional)).toBe(true);
      for (const p of fn.params) expect(p.help.length).toBeGreaterThan(5);
      expect(fn.help.length).toBeGreaterThan(10);
    }
  });

  test("the design's signature of MKTA_BREAKDOWN holds", () => {
    expect(functionByName("MKTA_BREAKDOWN")?.params.map((p) => p.name)).toEqual([
      "shopId",
      "region",
      "itemId",
      "modelId",
      "field",
      "headers",
      "lookbackDays",
      "includeVat",
      "effectiveDate",
    ]);
  });
});

describe("bodies against a scripted API", () => {
  test.each(CATALOG.map((f) => [f.name]))(
    "%s sends only fields its endpoints know and returns cells",
    (name) => {
      const fn = functionByName(name);
      const args = SAMPLES[name];
      if (!fn || !args) throw new Error(`no sample for ${name}`);
      const { result, calls } = runScripted(fn.program(args), world);
      expect(calls.length).toBeGreaterThan(0);
      for (const c of calls) {
        expect(fn.endpoints).toContain(c.endpoint);
        const spec = endpointById(c.endpoint);
        const known = new Set([...spec.pathParams, ...spec.body].map((f) => f.name));
        for (const key of Object.keys(c.params))
          expect([c.endpoint, key, known.has(key)]).toEqual([c.endpoint, key, true]);
        for (const f of [...spec.pathParams, ...spec.body])
          if (f.required) expect(c.params[f.name]).toBeDefined();
      }
      const cells = Array.isArray(result) ? result.flat() : [result];
      for (const v of cells) {
        if (v instanceof CellError) {
          // A failed row in a range: its kind and a message for the hover text.
          expect([v.code, v.message.length > 0]).toEqual([
            expect.stringMatching(/^#(N\/A|VALUE!)$/),
            true,
          ]);
          continue;
        }
        expect(
          ["string", "number", "boolean"].includes(typeof v) ||
            v instanceof Date ||
            v instanceof Figure,
        ).toBe(true);
      }
      if (Array.isArray(result))
        for (const row of result) expect(row.length).toBe(result[0]?.length);
    },
  );

  test("field returns one scalar; headers FALSE drops the header row", () => {
    const fn = functionByName("MKTA_BREAKDOWN");
    if (!fn) throw new Error("missing");
    expect(
      runScripted(fn.program([1001, "SG", 11, undefined, "commissionFee"]), world).result,
    ).toEqual(-6);
    expect(runScripted(fn.program([1001, "SG", 11, undefined, "netProfit"]), world).result).toEqual(
      54,
    );
    const table = runScripted(fn.program([1001, "SG", 11, undefined, undefined, false]), world)
      .result as unknown[][];
    expect(table[0]).not.toEqual(["Line", "Amount"]);
    expect(table).toContainEqual(["Original price", 100]);
    const withHeaders = runScripted(fn.program([1001, "SG", 11]), world).result as unknown[][];
    expect(withHeaders[0]).toEqual(["Line", "Amount"]);
    expect(withHeaders).toContainEqual(["Net profit", 54]);
  });

  test("a range of 500 model ids is one batch call (the driver chunks it), one row per id", () => {
    const fn = functionByName("MKTA_BREAKDOWN");
    if (!fn) throw new Error("missing");
    const models = Array.from({ length: 500 }, (_, i) => [i + 1]);
    const { result, calls } = runScripted(fn.program([1001, "SG", 11, models, "netProfit"]), world);
    expect(calls.map((c) => (c.params.modelIds as unknown[]).length)).toEqual([500]);
    expect((result as unknown[][]).length).toEqual(500);
    const tooMany = Array.from({ length: 2600 }, (_, i) => [i + 1]);
    expect(() => runScripted(fn.program([1001, "SG", 11, tooMany]), world)).toThrow(
      "This range needs 26 requests; one cell may send at most 25: use Bulk calculation in the sidebar",
    );
  });

  test("identical rows are asked once; too many distinct rows ask for Bulk calculation", () => {
    const fn = functionByName("MKTA_ITEM");
    if (!fn) throw new Error("missing");
    const same = runScripted(fn.program([1001, "SG", [[11], [11], [12], [""], [11]]]), world);
    expect(same.calls.length).toEqual(2);
    expect((same.result as unknown[][]).length).toEqual(6); // header + 5 rows, aligned with the input
    const many = Array.from({ length: 30 }, (_, i) => [i + 1]);
    expect(() => runScripted(fn.program([1001, "SG", many]), world)).toThrow(
      "This range needs 30 requests; one cell may send at most 25: use Bulk calculation in the sidebar",
    );
  });

  test("listings follow pages up to the limit", () => {
    const fn = functionByName("MKTA_PRODUCTS");
    if (!fn) throw new Error("missing");
    let page = 0;
    const { result, calls } = runScripted(fn.program([1001, "SG", 5, false]), (c) => {
      page++;
      expect(c.params.pageSize).toEqual(5);
      return {
        data: [1, 2, 3].map((n) => ({ itemId: page * 10 + n })),
        nextCursor: page < 4 ? { rtProductId: page * 10 + 3 } : null,
      };
    });
    expect(calls.map((c) => c.params.cursorRtProductId)).toEqual([undefined, 13]);
    expect((result as unknown[][]).map((r) => r[0])).toEqual([11, 12, 13, 21, 22]);
  });

  test("one failed row shows in its row; a single failure fails the cell", () => {
    const fn = functionByName("MKTA_ITEM");
    if (!fn) throw new Error("missing");
    const answer = (c: ApiCall) =>
      c.params.itemId === 12 ? new ApiError("NOT_FOUND", "Item 12 not found") : fakeBreakdown();
    const rows = runScripted(fn.program([1001, "SG", [[11], [12]]]), answer).result as unknown[][];
    const failed = rows[2]?.find((c) => c instanceof CellError);
    expect(failed).toEqual(new CellError("#N/A", "Item 12 not found"));
    expect(rows[1]?.some((c) => c instanceof CellError)).toBe(false);
    expect(() => runScripted(fn.program([1001, "SG", 12]), answer)).toThrow("Item 12 not found");
  });

  test("a failed row is #N/A when not found, #VALUE! otherwise; hosts without error values show its text", () => {
    const fn = functionByName("MKTA_ITEM");
    if (!fn) throw new Error("missing");
    const answer = (c: ApiCall) =>
      c.params.itemId === 12
        ? new ApiError("NOT_FOUND", "Item 12 not found")
        : c.params.itemId === 13
          ? new ApiError("SERVER", "The API failed: try again later")
          : fakeBreakdown();
    const program = fn.program([1001, "SG", [[11], [12], [13]], "netProfit"]);
    const cells = runScripted(program, answer).result as unknown[][];
    expect(cells[0]?.[0]).toBeInstanceOf(Figure);
    expect(cells[1]?.[0]).toEqual(new CellError("#N/A", "Item 12 not found"));
    expect(cells[2]?.[0]).toEqual(new CellError("#VALUE!", "The API failed: try again later"));
    expect(errorsAsText(cells as CellResult)).toEqual([
      [cells[0]?.[0]],
      ["Error: Item 12 not found"],
      ["Error: The API failed: try again later"],
    ]);
  });
});

describe("arguments are checked before any request", () => {
  // One class of mistake, one message: the argument's name, then what is allowed.
  const cases: Array<[string, CellInput[], string]> = [
    [
      "wrong type",
      [1001, "SG", "abc"],
      'itemId must be a whole-number id (digits only) (got "abc")',
    ],
    [
      "region format",
      [1001, "Singapore", 11],
      'region must be a two-letter region code such as SG (got "Singapore")',
    ],
    [
      "out of bounds",
      [1001, "SG", 11, undefined, undefined, undefined, -5],
      "lookbackDays must be a whole number from 1 to 730 (got -5)",
    ],
    [
      "bad date",
      [1001, "SG", 11, undefined, undefined, undefined, undefined, undefined, "2025-02-30"],
      'effectiveDate must be a date (a date cell or YYYY-MM-DD) (got "2025-02-30")',
    ],
    [
      "not a boolean",
      [1001, "SG", 11, undefined, undefined, "maybe"],
      'headers must be TRUE or FALSE (got "maybe")',
    ],
    ["missing id", [1001, "SG", ""], "itemId is required (a whole-number id)"],
    [
      "fractional id",
      [1001, "SG", 1.5],
      "itemId must be a whole-number id (digits only) (got 1.5)",
    ],
    [
      "a range where one value goes",
      [[[1], [2]], "SG", 11],
      "shopId must be a whole-number id (digits only) (got a range)",
    ],
    [
      "an empty range",
      [1001, "SG", [[""], [""]]],
      "itemId is an empty range: give an id or a range of ids",
    ],
    [
      "ranges of different sizes",
      [1001, "SG", [[1], [2]], [[1], [2], [3]]],
      "modelId has 3 cells but itemId has 2: ranges must be the same size",
    ],
    [
      "too many arguments",
      [1001, "SG", 11, 1, "x", true, 1, true, "2025-01-01", 99],
      "MKTA_BREAKDOWN takes at most 9 arguments, got 10",
    ],
  ];
  test.each(cases)("%s", (_label, args, message) => {
    const fn = functionByName("MKTA_BREAKDOWN");
    if (!fn) throw new Error("missing");
    let asked = 0;
    let error: unknown;
    try {
      runScripted(fn.program(args), () => asked++);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("INVALID_ARGUMENT");
    expect((error as ApiError).message).toBe(message);
    expect(asked).toEqual(0);
  });

  test("choices and marketplace-specific rules name the argument", () => {
    const rp = functionByName("REQUIRED_PRICE");
    const top = functionByName("MKTA_TOP_PRODUCTS");
    if (!rp || !top) throw new Error("missing");
    const none = () => {
      throw new Error("no request expected");
    };
    expect(() => runScripted(top.program([1001, "SG", "CHEAPEST"]), none)).toThrow(
      'sortBy must be one of PROFIT, ROAS (got "CHEAPEST")',
    );
    expect(() => runScripted(rp.program(["B", "", "TH", 12, 50, 25]), none)).toThrow(
      /^targetMargin must be a margin from 0 to below 100 %/,
    );
    expect(() => runScripted(rp.program(requiredPriceA("", "SG", 5)), none)).toThrow(
      "shopId is required for marketplace A",
    );
    expect(() =>
      runScripted(
        rp.program([
          "C",
          3001,
          "",
          12,
          50,
          0.2,
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          "MALL",
        ]),
        none,
      ),
    ).toThrow("sellerType applies to marketplace B only, not C");
    expect(() => runScripted(rp.program(["D", 1, "SG", 12, 50, 0.2]), none)).toThrow(
      'marketplace must be one of A, B, C (got "D")',
    );
  });

  test("Sheets dates and Excel serials read as calendar days", () => {
    const fn = functionByName("MKTA_COMMISSION_IMPACT");
    if (!fn) throw new Error("missing");
    const sent: unknown[] = [];
    const answer = (c: ApiCall) => {
      sent.push(c.params.effectiveDate);
      return { totalMonthlyProfitDelta: -5 };
    };
    runScripted(fn.program([1001, "SG", new Date(2025, 6, 1)]), answer);
    runScripted(fn.program([1001, "SG", 45839]), answer);
    expect(sent).toEqual(["2025-07-01", "2025-07-01"]);
  });
});

describe("marketplace-specific arguments", () => {
  /** The INVALID_ARGUMENT message a call fails with before any request, or the request made. */
  function outcome(name: string, args: CellInput[]): { message: string } | { call: ApiCall } {
    const fn = functionByName(name);
    if (!fn) throw new Error(`missing ${name}`);
    try {
      const { calls } = runScripted(fn.program(args), () => ({
        ...fakeBreakdown(),
        requiredListingPrice: 12.5,
        adjustedItems: [],
        unadjustableItems: [],
      }));
      const first = calls[0];
      if (!first) throw new Error("no request");
      return { call: first };
    } catch (e) {
      if (!(e instanceof ApiError) || e.code !== "INVALID_ARGUMENT") throw e;
      return { message: e.message };
    }
  }

  test("SET_MARGIN_PREVIEW refuses cogs for A before any request; B and C send it per row", () => {
    const a = ["A", 1001, "SG", 100012, 20, 5, undefined, 30, 12.5];
    expect(outcome("SET_MARGIN_PREVIEW", a)).toEqual({
      message:
        "cogs applies to marketplace B or C only, not A: A's preview uses the cost it holds for each model, so leave cogs empty",
    });
    const withoutCogs = outcome("SET_MARGIN_PREVIEW", a.slice(0, 8));
    expect(withoutCogs).toMatchObject({ call: { endpoint: "A21" } });
    const models = (withoutCogs as { call: ApiCall }).call.params.models as unknown[];
    expect(models).toEqual([{ itemId: 100012, modelId: 5, originalPrice: 30 }]);
    const b = outcome("SET_MARGIN_PREVIEW", [
      "B",
      2001,
      "TH",
      300,
      0.2,
      7,
      undefined,
      undefined,
      9,
    ]);
    expect((b as { call: ApiCall }).call.params.skus).toEqual([{ itemId: 300, skuId: 7, cogs: 9 }]);
  });

  test("REQUIRED_PRICE: shopId and region are optional where a marketplace leaves them empty", () => {
    const fn = functionByName("REQUIRED_PRICE");
    const flags = Object.fromEntries(fn?.params.map((p) => [p.name, p.optional]) ?? []);
    expect(flags).toMatchObject({
      marketplace: false,
      shopId: true,
      region: true,
      category: true,
      cogs: true,
      targetMargin: true,
      targetProfit: true,
    });
    expect(fn?.params.slice(0, 6).map((p) => p.name)).toEqual([
      "marketplace",
      "shopId",
      "region",
      "category",
      "cogs",
      "targetMargin",
    ]);
    expect(fn?.params.at(-1)?.name).toBe("targetProfit");
    // Each marketplace's own rule, naming the argument.
    expect(outcome("REQUIRED_PRICE", ["B", undefined, "TH", 12, 150, 0.25])).toMatchObject({
      call: { endpoint: "B4", params: { region: "TH", categoryId: 12 } },
    });
    expect(outcome("REQUIRED_PRICE", ["B", 1001, "TH", 12, 150, 0.25])).toEqual({
      message: "shopId applies to marketplace A or C only, not B: leave it empty",
    });
    expect(outcome("REQUIRED_PRICE", requiredPriceA(undefined, "SG", 5))).toEqual({
      message: "shopId is required for marketplace A",
    });
    expect(outcome("REQUIRED_PRICE", ["B", undefined, undefined, 12, 150, 0.25])).toEqual({
      message: "region is required for marketplace B",
    });
    expect(outcome("REQUIRED_PRICE", ["C", 3001, undefined, "A > B > C", 150, 0.25])).toMatchObject(
      { call: { endpoint: "C6", params: { shopId: 3001, categoryL1: "A" } } },
    );
    expect(outcome("REQUIRED_PRICE", ["C", 3001, "MY", "A > B > C", 150, 0.25])).toEqual({
      message: "region applies to marketplace A or B only, not C: leave it empty",
    });
    // Declared optional for Excel's sake, still required: an empty one names itself.
    expect(outcome("REQUIRED_PRICE", ["B", undefined, "TH", "", 150, 0.25])).toEqual({
      message: "category is required (a category id or path)",
    });
    expect(outcome("REQUIRED_PRICE", ["B", undefined, "TH", 12, 150])).toEqual({
      message: "targetMargin is required: a margin such as 25% (the 6th argument)",
    });
  });

  test("no required parameter follows an optional one (Excel cannot declare that)", () => {
    for (const fn of CATALOG) {
      const firstOptional = fn.params.findIndex((p) => p.optional);
      if (firstOptional < 0) continue;
      expect({
        fn: fn.name,
        required: fn.params.slice(firstOptional).filter((p) => !p.optional),
      }).toEqual({ fn: fn.name, required: [] });
    }
  });
});

describe("review fixes", () => {
  const run = (name: string, args: CellInput[], answer = world) => {
    const fn = functionByName(name);
    if (!fn) throw new Error(`no ${name}`);
    return runScripted(fn.program(args), answer);
  };

  test("a TRUE/FALSE choice takes the boolean a Sheets cell passes (the builder writes TRUE bare)", () => {
    // =REQUIRED_PRICE("B", , "TH", 12, 150, 25%, , , , , TRUE): Sheets passes boolean true.
    const args: CellInput[] = ["B", undefined, "TH", 12, 150, 0.25, undefined, undefined];
    const withVat = run("REQUIRED_PRICE", [...args, undefined, undefined, true]);
    expect(withVat.calls[0]?.params.hasVat).toBe(true);
    const without = run("REQUIRED_PRICE", [...args, undefined, undefined, false]);
    expect(without.calls[0]?.params.hasVat).toBe(false);
    // The preview functions' includeVat is the same kind of choice.
    const preview = run("SET_BUYER_PRICE_PREVIEW", [
      "B",
      2001,
      "TH",
      21,
      99,
      7,
      undefined,
      undefined,
      undefined,
      true,
    ]);
    expect(preview.calls[0]?.params.hasVat).toBe(true);
  });

  test("SHOPS() lists A's shops when the API has no B or C shop list (404)", () => {
    const notFound = (c: ApiCall): unknown =>
      c.endpoint === "SHOPS_A"
        ? [{ shopId: 1, region: "SG", shopName: "Shop" }]
        : new ApiError("NOT_FOUND", "Not found");
    const { result } = run("SHOPS", [], notFound);
    expect(result).toEqual([
      ["Marketplace", "Shop id", "Region", "Shop name"],
      ["A", 1, "SG", "Shop"],
    ]);
    // Asked for B alone, the missing list is the cell's error, saying what to do instead.
    expect(() => run("SHOPS", ["B"], notFound)).toThrow(
      /^This API has no list of your marketplace B sellers .*: type the seller id into the functions directly, or remember it under Shops in the sidebar$/,
    );
    // Other failures of B or C still fail the cell (no silent half list).
    const authFails = (c: ApiCall): unknown =>
      c.endpoint === "SHOPS_A" ? [] : new ApiError("AUTH", "API key rejected");
    expect(() => run("SHOPS", [], authFails)).toThrow("API key rejected");
  });
});

/** REQUIRED_PRICE arguments for marketplace A: targetMargin empty, targetProfit last. */
function requiredPriceA(shopId: CellInput, regionCode: CellInput, profit: CellInput): CellInput[] {
  const args: CellInput[] = ["A", shopId, regionCode, 12, 150];
  args[15] = profit;
  return args;
}
