/**
 * The repeated names Code.js reads from one variable (build/sheetsAlias.ts) change its size,
 * never what it does: a bundle-shaped script that reads, calls, assigns, deletes and compares
 * the same names in every way the add-on's code does gives the same answers before and after
 * (both through the shipped UglifyJS pass), and keys and directives stay literal.
 */
import vm from "node:vm";
import { aliasRepeats } from "../../build/sheetsAlias";
import { squeezeAppsScript } from "../../build/sheetsMinify";

const BUNDLE = `"use strict";var MKT_TEST=(()=>{
  const kinds = [];
  const kind = (v) => { switch (typeof v) { case "string": return "string"; case "number": return "number"; default: return "other"; } };
  for (const v of ["string", 1, null, "number", {}]) kinds.push(kind(v));
  const shop = { shopId: 1, region: "SG", get label() { return this.region + this.shopId; }, "quoted-key": 2 };
  const row = { shopId: 2, region: "MY", label: "own" };
  shop.region = shop.region + "!"; shop.shopId += 1; shop.shopId++; row.shopId--;
  delete row.label;
  const { shopId, "region": region } = shop;
  class Table { constructor() { this.region = "TH"; this.shopId = 3; } "label"() { return this.region + this.shopId; } }
  const t = new Table();
  const calls = [shop.label, t.label(), "region" in row, "label" in row, row.region?.length, shop?.region, "string".length];
  const list = []; list.push("region"); list.push("shopId"); list.push(list.length);
  const strict = (function () { "use strict"; return this === undefined; })();
  const keys = Object.keys({ region: 1, shopId: 2, "string": 3, number: 4 });
  return { kinds, shopId, region, calls, list, strict, keys, row, n: (1.5).toFixed(1), m: Math.max(shop.shopId, row.shopId, t.shopId) };
})();`;

function run(code: string): unknown {
  const context: Record<string, unknown> = {};
  vm.runInNewContext(`${code};this.out=JSON.stringify(MKT_TEST)`, context);
  return JSON.parse(String(context.out));
}

test("aliased names give the same answers, and the script is shorter", () => {
  const aliased = aliasRepeats(BUNDLE);
  expect(aliased).toMatch(/^"use strict";var MKT_TEST=\(\(\)=>\{var __mkt0="/);
  expect(aliased).toContain('"quoted-key": 2');
  expect(aliased).toContain('"use strict"; return this');
  expect(aliased).toContain("[__mkt"); // property reads go through the variable
  expect(run(aliased)).toStrictEqual(run(BUNDLE));
  const squeezed = squeezeAppsScript(BUNDLE);
  expect(run(squeezed)).toStrictEqual(run(BUNDLE));
  expect(squeezed.length).toBeLessThan(BUNDLE.length);
});

test("a bundle not shaped var NAME=(()=>{...})() stops the build", () => {
  expect(() => aliasRepeats("console.log(1)")).toThrow(/not var NAME/);
});
