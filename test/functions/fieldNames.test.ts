/**
 * Field names from the table (issue 23, item 3): for every catalog function, every header its
 * tables show (a row label of a one-result table, a column header of a range result) is found
 * as its `field`, and so is that header written as an identifier ("VAT (per unit)" ->
 * `vatPerUnit`); the figure found is the one the table shows beside (or under) that header.
 * Over real HTTP against the reference server; the tables are read, not listed here, so a
 * header added or renamed later is checked too.
 */
import { runAsync, type AsyncEnv } from "../../src/core/asyncDriver";
import { CATALOG, CellError, functionByName, type CellInput } from "../../src/functions";
import type { SheetFunction } from "../../src/functions/define";
import { Figure } from "../../src/core/figure";
import { valueOf } from "../helpers/figureValues";
import { functionEnv } from "../helpers/functionEnv";
import { startTestServer, type TestServer } from "../helpers/server";

/** One way to call a function: its arguments by parameter name (field and headers aside). */
interface Case {
  readonly args: Readonly<Record<string, CellInput>>;
  /** Range arguments for the range form: one result row per cell. */
  readonly ranges?: Readonly<Record<string, CellInput[][]>>;
  /** Spills one row per variant even for one id: only the range form names a single figure. */
  readonly rowsOnly?: boolean;
}

const A = { shopId: 100001, region: "SG" };
const B = { sellerId: 500001, region: "MY" };
const C_SHOP = { shopId: 700001 };
const C_PRODUCT = "17700001000001";

/** Every function with a `field` argument, called as the docs do (the demo account's ids). */
const CASES: Record<string, readonly Case[]> = {
  MKTA_BREAKDOWN: [
    { args: { ...A, itemId: 10001691 }, ranges: { itemId: [[10001691], [10000001]] } },
  ],
  MKTA_ITEM: [{ args: { ...A, itemId: 10001691 }, ranges: { itemId: [[10001691], [10000001]] } }],
  MKTA_NEW_PRODUCT: [{ args: { ...A, listingPrice: 25, categoryId: 100008 } }],
  MKTA_SIMULATE: [
    {
      args: { ...A, itemId: 10001691, sellerDiscount: 2 },
      ranges: { itemId: [[10001691], [10000001]] },
    },
  ],
  MKTA_CORRECTED_ROAS: [
    { args: { ...A, itemId: 10001691 }, ranges: { itemId: [[10001691], [10000001]] } },
  ],
  MKTA_OVERVIEW: ["SUMMARY", "PRODUCTS", "BREAKDOWNS", "FLOW", "DISTRIBUTION", undefined].map(
    (section) => ({ args: { ...A, section } }),
  ),
  MKTA_COMMISSION_IMPACT: [{ args: { ...A, effectiveDate: new Date(2030, 0, 1) } }],
  MKTA_COMMISSION_OVERVIEW: [{ args: A }],
  // The demo's commission change, 30 days after the server's today (2025-06-30).
  FEE_CHANGE: [{ args: { ...A, itemId: 10001691, date: new Date(2025, 6, 30) } }],
  MKTB_BREAKDOWN: [
    { args: { ...B, itemId: 40000001 }, ranges: { itemId: [[40000001], [40000002]] } },
    { args: { ...B, itemId: 40000001, skuId: 400000011 } },
  ],
  MKTB_ITEM: [{ args: { ...B, itemId: 40000001 }, ranges: { itemId: [[40000001], [40000002]] } }],
  MKTB_NEW_PRODUCT: [{ args: { region: "MY", listingPrice: 49, categoryId: 200004 } }],
  MKTB_SIMULATE: [
    {
      args: { ...B, itemId: 40000001, specialPriceDiscount: 20 },
      ranges: { itemId: [[40000001], [40000002]] },
    },
  ],
  // B11 is "not yet active" (spec): its cells say so, there is no table to read.
  MKTB_CORRECTED_ROAS: [],
  MKTB_OVERVIEW: [{ args: B }],
  MKTC_BREAKDOWN: [
    {
      args: { ...C_SHOP, productId: C_PRODUCT },
      ranges: { productId: [[C_PRODUCT], [C_PRODUCT]] },
    },
  ],
  MKTC_PRODUCTS: [
    {
      args: { ...C_SHOP, productId: C_PRODUCT },
      ranges: { productId: [[C_PRODUCT], [C_PRODUCT]] },
    },
  ],
  MKTC_NEW_PRODUCT: [
    {
      args: { ...C_SHOP, listingPrice: 299, category: "Food & Beverages > Snacks > Chips" },
    },
  ],
  MKTC_SIMULATE: [{ args: { ...C_SHOP, productId: C_PRODUCT, originalPrice: 20 } }],
  MKTC_OVERVIEW: [{ args: { ...C_SHOP, region: "TH" } }],
  REQUIRED_PRICE: [
    {
      args: {
        marketplace: "A",
        ...A,
        category: 100008,
        cogs: 50,
        targetProfit: 5,
      },
    },
    { args: { marketplace: "A", ...A, category: 100008, cogs: 50, targetMargin: 0.25 } },
    { args: { marketplace: "B", region: "MY", category: 200004, cogs: 150, targetMargin: 0.25 } },
    {
      args: {
        marketplace: "C",
        ...C_SHOP,
        category: "Food & Beverages > Snacks > Chips",
        cogs: 100,
        targetMargin: 0.2,
      },
    },
  ],
  PROFIT_ROAS: [
    {
      args: { marketplace: "A", ...A, itemId: 10001691, frame: "CLEANED" },
      ranges: { itemId: [[10001691], [10001691]] },
    },
  ],
  SET_MARGIN_PREVIEW: [
    {
      args: { marketplace: "B", shopId: 500001, region: "MY", itemId: 40000001, target: 0.2 },
      rowsOnly: true,
      ranges: { itemId: [[40000001], [40000001]], variantId: [[400000011], [400000012]] },
    },
    {
      args: {
        marketplace: "B",
        shopId: 500001,
        region: "MY",
        itemId: 40000001,
        variantId: 400000011,
        target: 0.2,
      },
    },
  ],
  SET_BUYER_PRICE_PREVIEW: [
    { args: { marketplace: "A", ...A, itemId: 10000005, targetBuyerPrice: 30 } },
    {
      args: { marketplace: "A", ...A, itemId: 10000005, targetBuyerPrice: 30 },
      ranges: { itemId: [[10000005], [10000005]], targetBuyerPrice: [[30], [28]] },
    },
  ],
};

/** "VAT (per unit)" -> "vatPerUnit", "Net profit" -> "netProfit": the header as an identifier. */
function identifier(header: string): string {
  const words = header.split(/[^A-Za-z0-9]+/).filter((w) => w !== "");
  return words
    .map((w, i) =>
      i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase(),
    )
    .join("");
}

/** The positional arguments of `fn` for these named ones. */
function positional(fn: SheetFunction, named: Readonly<Record<string, CellInput>>): CellInput[] {
  for (const name of Object.keys(named))
    if (!fn.params.some((p) => p.name === name)) throw new Error(`${fn.name} has no ${name}`);
  const args = fn.params.map((p) => named[p.name]);
  while (args.length > 0 && args[args.length - 1] === undefined) args.pop();
  return args;
}

/** Non-empty cells of a row. */
const filled = (row: readonly unknown[]): number => row.filter((c) => c !== "").length;

/** A list's title in a document: no value, then a row of headers, then an entry (an id). */
function isListTitle(table: readonly unknown[][], r: number): boolean {
  const [row, next, entry] = [table[r] ?? [], table[r + 1] ?? [], table[r + 2] ?? []];
  if (filled(row) !== 1) return false;
  if (filled(next) > 2) return true;
  const first = entry[0];
  // A list's header row, then its first entry: an id, or a name under "Name" (issue 35: the
  // entries of a document's lists are named in words, "Commission fee", no longer by API name).
  return (
    next.every((c) => typeof c === "string") &&
    (typeof first === "number" ||
      (typeof first === "string" && (/^[a-z0-9]/.test(first) || next[0] === "Name")))
  );
}

/**
 * The (header, shown value) pairs of a one-result table: its row labels, down to where a
 * document's titled lists start (their columns hold many values, not one figure).
 */
function rowHeaders(table: readonly unknown[][]): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  for (let r = 1; r < table.length; r++) {
    const row = table[r] ?? [];
    if (filled(row) > 2 || isListTitle(table, r)) break;
    if (typeof row[0] === "string") out.push([row[0], row[1]]);
  }
  return out;
}

let server: TestServer;
let env: AsyncEnv;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
  env = functionEnv(server, { perMinute: 100_000 });
});
afterAll(() => server.close());

async function run(
  fn: SheetFunction,
  named: Readonly<Record<string, CellInput>>,
): Promise<unknown> {
  return runAsync(fn.program(positional(fn, named)), env);
}

test("every catalog function takes a field, spills a listing, or is a card read by its fields", () => {
  const withField = CATALOG.filter((f) => f.params.some((p) => p.name === "field"));
  expect(withField.map((f) => f.name).sort()).toEqual(Object.keys(CASES).sort());
  // Listings: one row per product or shop; a seller filters or looks up a column of them.
  expect(CATALOG.filter((f) => !withField.includes(f)).map((f) => f.name)).toEqual([
    "MKTA_PRODUCTS",
    "MKTA_TOP_PRODUCTS",
    "MKTA_CATEGORIES",
    "MKTB_PRODUCTS",
    "MKTB_ALL_SKUS",
    "MKTB_TOP_PRODUCTS",
    "SHOPS",
    "PRODUCT_SEARCH",
    // One cell per product: Excel reads its fields by dot syntax (=B2.netProfit).
    "MKTA_PRODUCT_CARD",
    "MKTB_PRODUCT_CARD",
    "MKTC_PRODUCT_CARD",
  ]);
});

describe.each(Object.entries(CASES).filter(([, cases]) => cases.length > 0))(
  "%s",
  (name, cases) => {
    const fn = functionByName(name) as SheetFunction;

    it.each(cases.map((c, i) => [i, c] as const).filter(([, c]) => c.rowsOnly !== true))(
      "case %i: each row label of its table is a field, as shown and as an identifier",
      async (_i, c) => {
        const table = (await run(fn, c.args)) as unknown[][];
        expect(Array.isArray(table)).toBe(true);
        const pairs = rowHeaders(table);
        // A document of lists only (an overview's PRODUCTS section) has no one-figure rows.
        if (pairs.length === 0) expect(isListTitle(table, 1) || isListTitle(table, 2)).toBe(true);
        const failures: string[] = [];
        const seen = new Set<string>();
        for (const [header, shown] of pairs) {
          for (const asked of [header, identifier(header)]) {
            // The first row of that name is the one a lookup finds: a later twin shows the same.
            if (seen.has(asked.toLowerCase())) continue;
            seen.add(asked.toLowerCase());
            try {
              const got = await run(fn, { ...c.args, field: asked });
              if (
                got instanceof CellError ||
                (!Object.is(valueOf(got), valueOf(shown)) &&
                  String(valueOf(got)) !== String(valueOf(shown)))
              )
                failures.push(`${asked}: ${String(got)} (table shows ${String(shown)})`);
            } catch (e) {
              failures.push(`${asked}: ${String(e)}`);
            }
          }
        }
        expect(failures).toEqual([]);
      },
      60_000,
    );

    const ranged = cases.filter((c) => c.ranges !== undefined);
    if (ranged.length === 0) return;
    it.each(ranged.map((c, i) => [i, c] as const))(
      "range case %i: each column header is a field, as shown and as an identifier",
      async (_i, c) => {
        const args = { ...c.args, ...c.ranges };
        const table = (await run(fn, args)) as unknown[][];
        const headers = (table[0] ?? []) as string[];
        expect(headers.length).toBeGreaterThan(1);
        const failures: string[] = [];
        for (const [col, header] of headers.entries()) {
          if (headers.indexOf(header) !== col) continue;
          for (const asked of [header, identifier(header)]) {
            try {
              const got = (await run(fn, { ...args, field: asked })) as unknown[][];
              const column = table.slice(1).map((row) => valueOf(row[col]));
              const gotColumn = got.map((row) => valueOf(row[0]));
              if (
                gotColumn.some((v, r) => v instanceof CellError || String(v) !== String(column[r]))
              )
                failures.push(
                  `${asked}: ${gotColumn.map(String).join("|")} (table: ${column.join("|")})`,
                );
            } catch (e) {
              failures.push(`${asked}: ${String(e)}`);
            }
          }
        }
        expect(failures).toEqual([]);
      },
      60_000,
    );
  },
);

test("the headers a seller reads in tables and imports are fields of a B breakdown", async () => {
  const fn = functionByName("MKTB_BREAKDOWN") as SheetFunction;
  const args = { ...B, itemId: 40000001 };
  for (const field of [
    "vatPerUnit",
    "netProfitPerUnit",
    "sellerVoucherPerUnit",
    "commissionPerUnit",
    // Spec 2.5's word for B's line, and the spelling A's help gives.
    "voucherPerUnit",
  ])
    expect(typeof valueOf(await run(fn, { ...args, field }))).toBe("number");
});

test("one figure reads one way however its field is spelt (issue 35): a line by label, API name or header", async () => {
  const a = functionByName("MKTA_BREAKDOWN") as SheetFunction;
  const args = { ...A, itemId: 10001691 };
  const spellings = [
    "VAT",
    "vat",
    "outputVat",
    "Output VAT",
    "vatPerUnit",
    "Output VAT (per unit)",
  ];
  const answers = await Promise.all(spellings.map((field) => run(a, { ...args, field })));
  for (const [i, answer] of answers.entries())
    expect({ field: spellings[i], answer }).toEqual({
      field: spellings[i],
      answer: new Figure(valueOf(answers[0]) as number, "money", "SGD"),
    });
});

test("a field this answer lacks lists the names as the table shows them", async () => {
  // "VAT total" shares words with figures the contract names, so it is asked; "vatt" is
  // refused before any request (refusedBeforeSending.test.ts).
  const fn = functionByName("MKTB_BREAKDOWN") as SheetFunction;
  await expect(run(fn, { ...B, itemId: 40000001, field: "VAT total" })).rejects.toThrow(
    /^Unknown field "VAT total": use one of .*Original price, .*VAT, .*Net profit/,
  );
});
