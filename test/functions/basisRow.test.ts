/**
 * Every breakdown table says its basis (issue 12, item 1): its last row names what the
 * figures counted, read from the request that was sent, so a table pasted elsewhere still
 * says whether output VAT was a cost. Real HTTP to the reference server.
 */
import { runAsync, type AsyncEnv } from "../../src/core/asyncDriver";
import { functionByName } from "../../src/functions";
import type { ProfitBasis } from "../../src/functions/basis";
import type { CellInput } from "../../src/functions/cells";
import { DEFAULT_BASIS } from "../../src/functions/basis";
import { functionEnv } from "../helpers/functionEnv";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let env: AsyncEnv;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
  env = functionEnv(server, { perMinute: 100_000 });
});
afterAll(() => server.close());

async function table(name: string, args: CellInput[], basis: ProfitBasis = DEFAULT_BASIS) {
  const fn = functionByName(name);
  if (!fn) throw new Error(`no ${name}`);
  const out = await runAsync(fn.program(args, basis), env);
  if (!Array.isArray(out)) throw new Error(`${name} gave no table: ${String(out)}`);
  return out as unknown[][];
}

test("a marketplace A breakdown ends with its basis, as the seller set it or the cell overrode it", async () => {
  const rows = await table("MKTA_BREAKDOWN", [100001, "SG", 10001691]);
  expect(rows.at(-1)).toEqual([
    "Basis",
    "output VAT counted as a cost, 180-day sales window, today's fee rates",
  ]);
  const off = await table("MKTA_BREAKDOWN", [100001, "SG", 10001691], {
    countVat: false,
    salesWindowDays: 30,
  });
  expect(off.at(-1)).toEqual([
    "Basis",
    "output VAT not counted, 30-day sales window, today's fee rates",
  ]);
});

test("B and C breakdowns say their VAT choice and fee date (their windows are return rates)", async () => {
  const b = await table("MKTB_BREAKDOWN", [500001, "MY", 40000001]);
  expect(b.at(-1)?.[0]).toBe("Basis");
  expect(String(b.at(-1)?.[1])).toMatch(/^output VAT counted as a cost, today's fee rates$/);
});

test("REQUIRED_PRICE's table ends with the basis the price was solved on (A and B)", async () => {
  const a = await table("REQUIRED_PRICE", [
    "A",
    100001,
    "SG",
    100008,
    10,
    ...Array<undefined>(10).fill(undefined),
    2,
  ]);
  expect(a.at(-1)).toEqual(["Basis", "output VAT counted as a cost, today's fee rates"]);
  const b = await table("REQUIRED_PRICE", ["B", undefined, "MY", 200004, 150, 0.25], {
    countVat: false,
    salesWindowDays: 180,
  });
  expect(b.at(-1)).toEqual(["Basis", "output VAT not counted, today's fee rates"]);
});
