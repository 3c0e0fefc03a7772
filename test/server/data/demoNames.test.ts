/**
 * The demo that `npm start` and `npm run server` serve (seed 1, no hostile names) looks like a
 * real shop: no formula look-alikes, no absurdly long or repetitive names. The hostile names
 * are test data (`hostileNames`), checked to still be there for the tests that need them.
 */
import { generateDemoData } from "../../../src/server/data/generate";
import type { DemoData } from "../../../src/server/data/model";
import { HOSTILE_NAMES } from "../../../src/server/data/names";

/** Every product name of every shop of every account. */
function productNames(data: DemoData): string[] {
  return data.accounts.flatMap((a) => [
    ...a.shopsA.flatMap((s) => s.products.map((p) => p.name)),
    ...a.sellersB.flatMap((s) => s.products.map((p) => p.name)),
    ...a.shopsC.flatMap((s) => s.products.map((p) => p.name)),
  ]);
}

/** True when a spreadsheet could read the text as a formula or a number. */
function looksLikeFormulaOrNumber(name: string): boolean {
  const shown = name.normalize("NFKC").replace(/^[\s\uFEFF]+/, "");
  return /^[=+\-@]/.test(shown) || /^[\d.]+(e[+-]?\d+)?$/i.test(shown);
}

describe("demo names as npm start serves them", () => {
  // The options of build/start.ts and src/server/main.ts: seed 1, scale 1, hostileNames unset.
  const names = productNames(generateDemoData({ seed: 1, scale: 1, today: "2025-06-30" }));

  it("has no name starting with = + - @ (or one behind whitespace, a BOM or a full-width ＝)", () => {
    expect(names.length).toBeGreaterThan(2500);
    expect(names.filter((n) => /^[=+\-@]/.test(n))).toEqual([]);
    expect(names.filter(looksLikeFormulaOrNumber)).toEqual([]);
  });

  it("has short, plain names without repeated phrases or control characters", () => {
    expect(names.filter((n) => n.length > 60)).toEqual([]);
    expect(names.filter((n) => /[\t\n\r\uFEFF]/.test(n))).toEqual([]);
    const repetitive = names.filter((n) => {
      const words = n.toLowerCase().split(/\s+/);
      return words.some((w) => w.length > 2 && words.filter((x) => x === w).length >= 3);
    });
    expect(repetitive).toEqual([]);
  });

  it("keeps the hostile names for tests that ask for them", () => {
    const hostile = productNames(
      generateDemoData({ seed: 1, scale: 1, today: "2025-06-30", hostileNames: true }),
    );
    for (const name of HOSTILE_NAMES) expect(hostile).toContain(name);
    expect(hostile.filter(looksLikeFormulaOrNumber).length).toBeGreaterThanOrEqual(9);
  });
});
