/**
 * The profit basis reaches every request: a function's empty VAT / sales-window argument takes
 * the seller's setting, a cell's own argument wins, imports send it and say it in their note,
 * and each host reads it from where its settings live (Excel storage, web/task pane storage).
 */
import type { ApiCall } from "../../src/core/effects";
import { DEFAULT_BASIS, checkBasis, describeBasis, readBasis } from "../../src/functions/basis";
import { CATALOG, functionByName } from "../../src/functions";
import { profitTable } from "../../src/functions/shape";
import { firstState, importTitle, stepCall } from "../../src/imports/plan";
import { readSettings } from "../../src/hosts/shared/settings";
import { readAsyncSettings } from "../../src/hosts/shared/asyncSettings";

/** The first request a function asks for (its body stops there). */
function firstCall(name: string, args: readonly unknown[], basis = DEFAULT_BASIS): ApiCall {
  const fn = functionByName(name);
  if (!fn) throw new Error(name);
  const step = fn.program(args as never, basis).next();
  if (step.done) throw new Error("no call");
  const first = step.value.kind === "call" ? step.value : step.value.calls[0];
  if (!first) throw new Error("no call");
  return first;
}

const OFF = { countVat: false, salesWindowDays: 90 };

describe("functions send the basis explicitly", () => {
  test.each([
    ["MKTA_ITEM", [100001, "SG", 5, "netProfit"], { includeVat: true, lookbackDays: 180 }],
    ["MKTA_BREAKDOWN", [100001, "SG", 5, "", "netProfit"], { includeVat: true, lookbackDays: 180 }],
    ["MKTA_TOP_PRODUCTS", [100001, "SG"], { includeVat: true, lookbackDays: 180 }],
    ["MKTB_ITEM", [200001, "TH", 5, "netProfit"], { hasVat: true }],
    ["MKTC_BREAKDOWN", [300001, "p1", "", "netProfit"], { hasVat: true }],
    ["REQUIRED_PRICE", ["B", "", "TH", 12, 150, 0.25], { hasVat: true }],
  ])("%s by default", (name, args, expected) => {
    expect(firstCall(name, args).params).toMatchObject(expected);
  });

  test("the seller's basis replaces the default; a cell's own argument wins", () => {
    expect(firstCall("MKTA_ITEM", [100001, "SG", 5, "netProfit"], OFF).params).toMatchObject({
      includeVat: false,
      lookbackDays: 90,
    });
    expect(
      firstCall("MKTA_ITEM", [100001, "SG", 5, "netProfit", "", 30, true], OFF).params,
    ).toMatchObject({ includeVat: true, lookbackDays: 30 });
    expect(firstCall("MKTC_BREAKDOWN", [300001, "p1", "", "netProfit"], OFF).params).toMatchObject({
      hasVat: false,
    });
  });

  test("marketplace A's model batch (A1 counts VAT) serves only a basis that counts VAT", () => {
    const models = [[11], [12]];
    expect(firstCall("MKTA_BREAKDOWN", [100001, "SG", 5, models]).endpoint).toBe("A1");
    expect(firstCall("MKTA_BREAKDOWN", [100001, "SG", 5, models], OFF).endpoint).toBe("A2");
  });

  test("the what-ifs: B5 and C5 send their section's hasVat; A5 (no VAT field) says what was counted", () => {
    expect(firstCall("MKTB_SIMULATE", [200001, "TH", 5], OFF).params).toMatchObject({
      hasVat: false,
    });
    expect(firstCall("MKTB_SIMULATE", [200001, "TH", 5]).params).toMatchObject({ hasVat: true });
    expect(firstCall("MKTC_SIMULATE", [300001, "p1"]).params).toMatchObject({ hasVat: true });
    expect(firstCall("MKTC_SIMULATE", [300001, "p1"], OFF).params).toMatchObject({
      hasVat: false,
    });
    const vat = { amount: -1.5, currency: "SGD" };
    const answer = { breakdown: { vat }, metadata: { hasVat: true, currency: "SGD" } };
    const sent = { shopId: 100001, region: "SG", itemId: 5 };
    expect(profitTable(answer, true, sent).at(-1)).toEqual([
      "Basis",
      "output VAT counted as a cost, today's fee rates (the API's: no VAT setting here)",
    ]);
    expect(profitTable(answer, true, { ...sent, includeVat: false }).at(-1)).toEqual([
      "Basis",
      "output VAT not counted, today's fee rates",
    ]);
  });

  test("B and C overviews keep includeVat as the forward VAT position (not sent unless asked)", () => {
    expect(firstCall("MKTB_OVERVIEW", [200001, "TH"]).params).not.toHaveProperty("includeVat");
  });

  test("the help says each basis argument's default", () => {
    const item = functionByName("MKTA_ITEM");
    const help = item?.params.find((p) => p.name === "includeVat")?.help ?? "";
    expect(help).toMatch(/Default: the setting "Count output VAT as a cost"/);
  });
});

describe("imports", () => {
  const def = {
    id: "x",
    kind: "productsByProfit" as const,
    marketplace: "A" as const,
    shopId: "100001",
    region: "SG",
    sheetName: "Top",
  };
  test("send the basis and state it in the header note", () => {
    expect(stepCall(def, firstState(def), OFF).params).toMatchObject({
      includeVat: false,
      lookbackDays: 90,
    });
    expect(stepCall(def, firstState(def)).params).toMatchObject({ includeVat: true });
    expect(importTitle(def, OFF)).toContain(
      "Basis: output VAT not counted, 90-day sales window, today's fee rates",
    );
    const b = {
      ...def,
      marketplace: "B" as const,
      options: { vat: false, effectiveDate: "2025-07-01" },
    };
    expect(stepCall(b, firstState(b)).params).toMatchObject({ hasVat: false });
    expect(importTitle(b)).toContain("Basis: output VAT not counted, fee rates of 2025-07-01");
  });
  test("A's shop overview states its period, not a sales window it does not take", () => {
    const overview = { ...def, kind: "shopOverview" as const };
    expect(stepCall(overview, firstState(overview), OFF).params).not.toHaveProperty("lookbackDays");
    const title = importTitle(overview, OFF);
    expect(title).not.toMatch(/sales window/);
    expect(title).toContain("period: the last 30 days (the API's default)");
    const dated = { ...overview, options: { from: "2026-01-01", to: "2026-03-31" } };
    expect(importTitle(dated)).toContain("period 2026-01-01 to 2026-03-31");
  });
});

describe("settings", () => {
  test("read with defaults and checked with sentences", () => {
    expect(readBasis(null, null)).toEqual(DEFAULT_BASIS);
    expect(readBasis("off", "45")).toEqual({ countVat: false, salesWindowDays: 45 });
    expect(readBasis("on", "9999")).toEqual({ countVat: true, salesWindowDays: 180 });
    expect(() => checkBasis(DEFAULT_BASIS, { salesWindowDays: 0 })).toThrow(
      "Sales window must be a whole number of days from 1 to 730 (got 0)",
    );
    expect(checkBasis(DEFAULT_BASIS, { countVat: false })).toEqual({
      countVat: false,
      salesWindowDays: 180,
    });
    expect(describeBasis(DEFAULT_BASIS)).toBe(
      "Basis: output VAT counted as a cost, 180-day sales window, today's fee rates",
    );
    // The fee-change sheet sets today's rates beside the change day's: its stamp says both.
    expect(describeBasis(DEFAULT_BASIS, undefined, false, "2025-08-29")).toBe(
      "Basis: output VAT counted as a cost, today's fee rates beside those of 2025-08-29",
    );
  });

  test("Excel's functions and the async hosts read the same storage items", async () => {
    const items: Record<string, string> = { "mkt.countVat": "off", "mkt.salesWindowDays": "90" };
    const office = {
      getItems: async (keys: string[]) =>
        Object.fromEntries(keys.map((k) => [k, items[k] ?? null])),
    } as unknown as Parameters<typeof readSettings>[0];
    expect((await readSettings(office, "http://127.0.0.1:1")).basis).toEqual(OFF);
    const storage = {
      get: async (k: string) => items[k] ?? null,
      set: async () => undefined,
      remove: async () => undefined,
    };
    expect((await readAsyncSettings(storage, "http://127.0.0.1:1")).basis).toEqual(OFF);
  });
});

describe("documented defaults", () => {
  test("every optional argument's help says what an empty one means", () => {
    const silent = CATALOG.flatMap((f) =>
      f.params
        .filter((p) => p.optional && !/default|empty|required/i.test(p.help))
        .map((p) => `${f.name}.${p.name}`),
    );
    expect(silent).toEqual([]);
  });
});
