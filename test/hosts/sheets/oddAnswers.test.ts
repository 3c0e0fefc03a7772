/**
 * Issue 14 findings 3, 4 and 6 in the BUILT Sheets bundle: an API (test/helpers/oddApi.ts)
 * that answers 200 SUCCESS in shapes the spec does not allow, with texts longer than a cell,
 * and without the reference server's B/C shop lists.
 */
import { MAX_CELL_TEXT } from "../../../src/core/cellLimit";
import { LONG_TEXT_LENGTH, ODD_MODES } from "../../helpers/oddApi";
import { FakeProperties } from "./fakes";
import {
  buildSheetsBundle,
  cell,
  loadAddon,
  startServerProcess,
  type LoadedAddon,
  type ServerProcess,
} from "./harness";
import { SyncHttp } from "./syncHttp";

jest.setTimeout(120_000);

let dir = "";
let server: ServerProcess;
let http: SyncHttp;

beforeAll(async () => {
  dir = buildSheetsBundle();
  server = await startServerProcess({ odd: true });
  http = new SyncHttp(30_000);
});
afterAll(async () => {
  await http?.close();
  await server?.stop();
});

function addonFor(mode: string): LoadedAddon {
  const userProps = new FakeProperties();
  userProps.setProperty("mkt.baseUrl", `${server.baseUrl}/${mode}`);
  userProps.setProperty("mkt.apiKey", server.keys.demo);
  return loadAddon(dir, { http, userProps });
}

describe("Sheets cells against an API that answers in shapes the spec does not allow", () => {
  test.each(ODD_MODES)(
    "%s: the cell names the endpoint and blames neither the seller nor the data",
    (mode) => {
      const a = addonFor(mode);
      const shops = cell(a, "SHOPS");
      expect(shops).toMatch(
        /^#ERROR! The API answered in an unexpected shape \(endpoint SHOPS_A\): .+ API address in Extensions > Marketplace Profit > Settings/,
      );
      const item = cell(a, "MKTA_ITEM", 100001, "SG", 10000001, "netProfit");
      expect(item).toMatch(/^#ERROR! The API answered in an unexpected shape \(endpoint A6\): /);
      expect(String(item)).not.toMatch(/Unknown field|No shops/);
    },
  );

  test("a 40,000-character note is cut to fit a cell (32,767) with a visible ellipsis; such a shop name is refused", () => {
    const a = addonFor("long");
    // No marketplace names a shop in 40,000 characters: an unexpected answer, not data.
    expect(cell(a, "SHOPS", "A")).toBe(
      "#ERROR! The API answered with a value the spec does not allow (endpoint SHOPS_A): shopName is 40,000 characters long (a name has at most 1,000). Check the API address in Extensions > Marketplace Profit > Settings; if it is right, tell your API provider",
    );
    expect(LONG_TEXT_LENGTH).toBeGreaterThan(MAX_CELL_TEXT);
    // A field the spec does not name is no row of the table, but can be asked by name.
    const table = cell(a, "MKTA_ITEM", 100001, "SG", 1) as unknown[][];
    expect(table.find((row) => row[0] === "Seller note")).toBeUndefined();
    const note = cell(a, "MKTA_ITEM", 100001, "SG", 1, "sellerNote");
    expect([String(note).length, String(note).endsWith("…")]).toEqual([MAX_CELL_TEXT, true]);
    const field = cell(a, "MKTA_ITEM", 100001, "SG", 1, "metadata.note");
    expect([String(field).length, String(field).endsWith("…")]).toEqual([MAX_CELL_TEXT, true]);
  });

  test("the sidebar's shop lists: A says the shape is wrong, B and C offer typing the ids in", () => {
    const perMarket = addonFor("object").call("listShops") as Array<Record<string, unknown>>;
    expect(perMarket).toEqual([
      { marketplace: "A", error: expect.stringMatching(/unexpected shape \(endpoint SHOPS_A\)/) },
      { marketplace: "B", missing: true },
      { marketplace: "C", missing: true },
    ]);
  });

  test('SHOPS("B") against an API whose B list is no list says how to type the seller id in', () => {
    const a = addonFor("object");
    expect(cell(a, "SHOPS", "B")).toMatch(
      /^#ERROR! This API has no list of your marketplace B sellers \(the spec does not show one\): type the seller id into the functions directly, or remember it under Shops in the sidebar$/,
    );
  });
});

describe("Sheets cells under faults (issue 22, item 8)", () => {
  const suffix =
    "Check the API address in Extensions > Marketplace Profit > Settings; if it is right, tell your API provider";

  test("a batch answer whose entries lack their ids says the shape is unexpected, not 'not found'", () => {
    const a = addonFor("idless");
    // A10's itemId is never null (A1's modelId may be: test/functions/allowedShapes.test.ts).
    const items = Array.from({ length: 10 }, (_, i) => [10000001 + i]);
    for (const value of [
      cell(a, "MKTA_CORRECTED_ROAS", 100001, "SG", 10000001, "correctedRoas"),
      cell(a, "MKTA_CORRECTED_ROAS", 100001, "SG", items),
    ]) {
      expect(value).toMatch(
        /^#ERROR! The API answered in an unexpected shape \(endpoint A10\): an entry without its itemId: /,
      );
      expect(String(value).endsWith(suffix)).toBe(true);
    }
  });

  test("SHOPS with a shop id of 1e308 is an unexpected answer, not a shop", () => {
    expect(cell(addonFor("hugeid"), "SHOPS")).toBe(
      `#ERROR! The API answered with a value the spec does not allow (endpoint SHOPS_A): shopId is 1e+308, not an id (a whole number up to 1e12, or a text of at most 128 characters). ${suffix}`,
    );
  });

  test("a whole body whose JSON stops half-way says the answer was malformed; a null body that it was empty", () => {
    expect(cell(addonFor("cutjson"), "SHOPS")).toBe(
      `#ERROR! The API's answer was malformed (HTTP 200): it arrived whole, but its JSON stops before its end. ${suffix}`,
    );
    expect(cell(addonFor("nullbody"), "MKTA_ITEM", 100001, "SG", 10000001, "netProfit")).toBe(
      `#ERROR! The API's answer was empty (HTTP 200, null): check the API address in Extensions > Marketplace Profit > Settings; if it is right, tell your API provider`,
    );
  });
});
