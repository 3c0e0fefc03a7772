/**
 * Excel refuses a sheet name over 31 characters (its fake too: FAKES.md E-B13, "InvalidArgument"
 * at the sync). The task pane refuses such a name for a new import or pricing sheet before it
 * asks the API anything, naming the 31-character limit; a 31-character name is made. Real
 * HTTP, requests counted at the reference server, Excel's workbook fake (about 3 s).
 */
// paneOverServer first: it mocks the ESM-only manifest package before the fake loads it.
import { paneOverServer } from "./paneOverServer";
import { excelRefusesName } from "./fakeWorkbook";
import { countedServer, type Counted } from "../../helpers/countedServer";
import type { TestServer } from "../../helpers/server";
import type { ImportDefinition } from "../../../src/imports/definitions";

jest.setTimeout(60_000);
let server: TestServer;
let seen: Counted[];
beforeAll(async () => {
  ({ server, seen } = await countedServer());
});
afterAll(() => server.close());

const LONG = "Pricing for the July campaign SG"; // 32 characters
const FITS = LONG.slice(0, 31);
const LIMIT =
  /^Sheet "Pricing for the July campaign SG" has 32 characters: Excel allows at most 31 in a sheet name\. Pick a shorter name \(nothing was asked or written\)$/;

test("the fake refuses what Excel refuses", () => {
  expect(LONG).toHaveLength(32);
  expect(excelRefusesName(LONG)).toMatch(/at most 31 characters/);
  expect(excelRefusesName(FITS)).toBeNull();
});

test("a 32-character name is refused up front, nothing asked or made; 31 characters are made", async () => {
  const { excel, bridge } = paneOverServer(server, server.keyFor("demo"));
  const from = seen.length;
  await expect(
    bridge.newPricingSheet({ shopId: 100001, region: "SG", sheetName: LONG, products: 2 }),
  ).rejects.toThrow(LIMIT);
  const def = {
    id: "top",
    kind: "productsByProfit",
    marketplace: "A",
    shopId: "100001",
    region: "SG",
    sheetName: LONG,
  } as unknown as ImportDefinition;
  await expect(bridge.runImport(def)).rejects.toThrow(LIMIT);
  expect(seen.length).toBe(from);
  expect([...excel.sheets.keys()].some((n) => n.includes("July"))).toBe(false);

  const built = await bridge.newPricingSheet({
    shopId: 100001,
    region: "SG",
    sheetName: FITS,
    products: 2,
  });
  expect(built.sheetName).toBe(FITS);
  expect(excel.sheets.has(FITS)).toBe(true);
});
