/**
 * Errors that name the culprit (issue 12, item 4), over real HTTP to the reference server:
 * not found says which id in which shop and region and which function lists valid ones; a
 * category id comes from MKTA_CATEGORIES, fed by the commission overview.
 */
import { runAsync, type AsyncEnv } from "../../src/core/asyncDriver";
import { functionByName } from "../../src/functions";
import { errorsAsText } from "../../src/functions/cells";
import { functionEnv } from "../helpers/functionEnv";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let env: AsyncEnv;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
  env = functionEnv(server);
});
afterAll(() => server.close());

async function cell(name: string, ...args: unknown[]): Promise<unknown> {
  const fn = functionByName(name);
  if (!fn) throw new Error(name);
  try {
    return errorsAsText(await runAsync(fn.program(args as never), env));
  } catch (e) {
    return `#ERROR! ${(e as Error).message}`;
  }
}

describe("not found names the id, the shop and the region", () => {
  test("an item that is not in the shop", async () => {
    expect(await cell("MKTA_ITEM", 100001, "SG", 999, "netProfit")).toBe(
      "#ERROR! Not found: item 999 in shop 100001 SG (your key's account cannot see it). MKTA_PRODUCTS(shop, region) lists the valid ones",
    );
  });

  test("a model that the batch answer does not have: said as the other not-founds, with where to look", async () => {
    expect(await cell("MKTA_BREAKDOWN", 100001, "SG", 10000001, 555, "netProfit")).toBe(
      "#ERROR! Not found: model 555 in shop 100001 (your key's account cannot see it). MKTA_ITEM(shop, region, item) lists the item's models",
    );
  });

  test("a shop that is not the account's", async () => {
    expect(await cell("MKTA_ITEM", 1001, "SG", 100012, "netProfit")).toBe(
      `#ERROR! Not found: shop 1001 in region SG (your key's account cannot see it). Check the shop id and its region: SHOPS("A") lists yours with their regions`,
    );
  });

  test("a category id: MKTA_CATEGORIES lists the ones the region accepts, and one of them works", async () => {
    expect(await cell("MKTA_NEW_PRODUCT", 100001, "SG", 25, 12, "netProfit")).toBe(
      "#ERROR! Not found: category 12 has no commission rate in SG. MKTA_CATEGORIES(shop, region) lists the valid ones",
    );
    const table = (await cell("MKTA_CATEGORIES", 100001, "SG")) as unknown[][];
    expect(table[0]).toEqual(["Category id", "Name", "Commission rate"]);
    const first = table[1]?.[0];
    expect(typeof first).toBe("number");
    expect(typeof (await cell("MKTA_NEW_PRODUCT", 100001, "SG", 25, first, "netProfit"))).toBe(
      "number",
    );
  });
});
