/**
 * The sidebar's pictures: which table gets which chart, the bars' geometry (scale, falling
 * costs, losses left of zero), the labels a seller reads, and the plan "Insert chart" hands
 * to the host. Tables are shaped as the catalog answers them (MKTA_BREAKDOWN, MKTB_BREAKDOWN,
 * MKTA_TOP_PRODUCTS).
 */
import type { VNode } from "preact";
import { h } from "preact";
import type { Cell } from "../../src/functions/cells";
import { rankingRows } from "../../src/ui/charts/bars";
import { ChartSvg } from "../../src/ui/charts/chartSvg";
import { NOTHING_TO_CHART, chartPlan } from "../../src/ui/charts/chartPlan";
import { fitLabel, formatAmount, layoutRows } from "../../src/ui/charts/layout";
import { RANKING_BARS, pickChart } from "../../src/ui/charts/pickChart";
import { waterfallRows } from "../../src/ui/charts/waterfall";

const BREAKDOWN_A: Cell[][] = [
  ["Line", "Amount"],
  ["Original price", 168.9],
  ["Seller discount", -5.3],
  ["Seller voucher", -2.45],
  ["Commission fee", -15.54],
  ["Service fee", -5],
  ["Transaction fee", -4.86],
  ["Product cost (COGS)", -105.45],
  ["Ads cost per sale", -22.55],
  ["Expected return cost", -0.05],
  ["Output VAT", -13.31],
  ["Net profit", -5.61],
  ["Margin (fraction)", -0.0348],
  ["Currency", "SGD"],
];

const BREAKDOWN_B: Cell[][] = [
  ["Line", "Amount"],
  ["Item id", 40000001],
  ["Name", "Organic Water Bottle"],
  ["Original price", 1049.7],
  ["Special-price discount", -9.44],
  ["Seller voucher", 0],
  ["COGS", -25.95],
  ["Net profit", 1014.31],
  ["Currency", "MYR"],
];

/** MKTB_OVERVIEW's cost breakdown, below its field/value lines (Kind between label and amount). */
const OVERVIEW_B: Cell[][] = [
  ["Field", "Value", "", "", ""],
  ["Currency", "MYR", "", "", ""],
  ["From", "2025-06-01", "", "", ""],
  ["To", "2025-06-30", "", "", ""],
  ["Revenue", 24405.6, "", "", ""],
  ["Cost breakdown", "", "", "", ""],
  ["Name", "Label", "Kind", "Amount", "Running total"],
  ["revenue", "Revenue", "revenue", 24405.6, 24405.6],
  ["commissionFee", "Commission", "relative", -2343.19, 22062.41],
  ["cogs", "COGS", "relative", -12011.52, 10050.89],
  ["vat", "VAT", "relative", 0, 10050.89],
  ["returnCost", "Return cost", "relative", -2076.2, 7974.69],
  ["netProfit", "Net profit", "total", 7974.69, 7974.69],
  ["Sankey links", "", "", "", ""],
  ["revenue", "netProfit", 7974.69, "", ""],
];

/** A ranking like MKTA_TOP_PRODUCTS: sorted by Total profit, highest first. */
function topProducts(n: number, sorted = true): Cell[][] {
  const rows: Cell[][] = Array.from({ length: n }, (_, i) => [
    i + 1,
    10001000 + i,
    `Product ${i + 1}`,
    "SGD",
    sorted ? 20 - i * 3 : (i * 3) % 7,
    (sorted ? 2000 - i * 100 : ((i * 7) % n) * 100) - 400,
  ]);
  return [["Rank", "Item id", "Name", "Currency", "Net profit", "Total profit"], ...rows];
}

describe("pickChart", () => {
  test("a breakdown is a waterfall from Original price to Net profit, zero lines left out", () => {
    const pick = pickChart(BREAKDOWN_B);
    if (pick?.kind !== "waterfall") throw new Error("no waterfall");
    expect(pick.start).toEqual({ label: "Original price", value: 1049.7 });
    expect(pick.steps.map((s) => s.label)).toEqual(["Special-price discount", "COGS"]);
    expect(pick.total).toEqual({ label: "Net profit", value: 1014.31 });
    expect(pick.title).toBe("Profit per unit (MYR): price to net profit");
    expect(pick.source).toMatchObject({ firstRow: 3, lastRow: 7, labelColumn: 0, valueColumn: 1 });
  });

  test("an overview's cost breakdown is a waterfall from revenue, with its period", () => {
    const pick = pickChart(OVERVIEW_B);
    if (pick?.kind !== "waterfall") throw new Error("no waterfall");
    expect(pick.start).toEqual({ label: "Revenue", value: 24405.6 });
    expect(pick.steps.map((s) => s.label)).toEqual(["Commission", "COGS", "Return cost"]);
    expect(pick.total).toEqual({ label: "Net profit", value: 7974.69 });
    expect(pick.title).toBe("Profit 2025-06-01 to 2025-06-30 (MYR): revenue to net profit");
    expect(pick.source).toMatchObject({ firstRow: 7, lastRow: 12, labelColumn: 1, valueColumn: 3 });
  });

  test("a ranking charts the sorted profit column, top 15, with names", () => {
    const pick = pickChart(topProducts(40));
    if (pick?.kind !== "bars") throw new Error("no ranking");
    expect(pick.bars).toHaveLength(RANKING_BARS);
    expect(pick.sorted).toBe(true);
    expect(pick.bars[0]).toEqual({ label: "Product 1", value: 1600 });
    expect(pick.title).toBe("Top 15 by Total profit (SGD)");
    expect(pick.source).toMatchObject({ headerRow: 0, labelColumn: 2, valueColumn: 5 });
  });

  test("an unsorted table still shows its best rows, and says it is not in order", () => {
    const pick = pickChart(topProducts(20, false));
    if (pick?.kind !== "bars") throw new Error("no ranking");
    expect(pick.sorted).toBe(false);
    const values = pick.bars.map((b) => b.value);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(values[0]).toBe(1500);
  });

  test("a ROAS ranking has no currency in its title", () => {
    const table: Cell[][] = [
      ["Item id", "Name", "Currency", "Corrected ROAS"],
      [1, "a", "SGD", 0.52],
      [2, "b", "SGD", 3.1],
    ];
    expect(pickChart(table)?.title).toBe("Top 2 by Corrected ROAS");
  });

  test("repeated names (variants) carry their id", () => {
    const table: Cell[][] = [
      ["SKU id", "Name", "Net profit"],
      [400000011, "Black", 10.22],
      [400000021, "Black", 28.6],
    ];
    const pick = pickChart(table);
    expect(pick?.kind === "bars" && pick.bars.map((b) => b.label)).toEqual([
      "Black (400000021)",
      "Black (400000011)",
    ]);
  });

  test("field/value tables, single values and text get no chart", () => {
    expect(
      pickChart([
        ["Field", "Value"],
        ["ROAS", 0.34],
        ["Frame", "CLEANED"],
      ]),
    ).toBeNull();
    expect(pickChart([["Net profit"], [5]])).toBeNull();
    expect(pickChart([])).toBeNull();
    expect(
      pickChart([
        ["Name", "Net profit"],
        ["only one", 5],
      ]),
    ).toBeNull();
  });
});

describe("geometry", () => {
  test("each cost falls from where the last bar ended; net profit starts at zero", () => {
    const pick = pickChart(BREAKDOWN_A);
    if (pick?.kind !== "waterfall") throw new Error("no waterfall");
    const rows = waterfallRows(pick);
    expect(rows[0]).toMatchObject({ from: 0, to: 168.9, tone: "start" });
    expect(rows[1]).toMatchObject({ from: 168.9, tone: "cost" });
    expect(rows[1]?.to).toBeCloseTo(163.6);
    for (let i = 1; i < rows.length - 1; i++) {
      expect(rows[i]?.from).toBeCloseTo(rows[i - 1]?.to ?? NaN);
      expect(rows[i]?.to).toBeLessThan(rows[i]?.from ?? NaN);
    }
    // The steps end where the API's net profit is (to the cent).
    expect(rows[rows.length - 2]?.to).toBeCloseTo(-5.61, 2);
    expect(rows[rows.length - 1]).toMatchObject({ from: 0, to: -5.61, tone: "loss" });
  });

  test("bars scale with their value and a loss lies left of zero", () => {
    const layout = layoutRows([
      { label: "a", value: 100, from: 0, to: 100, tone: "start" },
      { label: "b", value: 50, from: 0, to: 50, tone: "start" },
      { label: "c", value: -25, from: 0, to: -25, tone: "loss" },
    ]);
    const [a, b, c] = layout.rows;
    if (!a || !b || !c) throw new Error("rows missing");
    expect(a.barWidth / b.barWidth).toBeCloseTo(2);
    expect(a.barWidth / c.barWidth).toBeCloseTo(4);
    expect(c.barX + c.barWidth).toBeCloseTo(layout.zeroX);
    expect(a.barX).toBeCloseTo(layout.zeroX);
    expect(c.barX).toBeGreaterThanOrEqual(0);
    expect(a.barX + a.barWidth).toBeLessThanOrEqual(layout.width);
    expect(b.y).toBeGreaterThan(a.y);
  });

  test("a falling step sits between the levels it joins", () => {
    const layout = layoutRows([
      { label: "price", value: 200, from: 0, to: 200, tone: "start" },
      { label: "fee", value: -50, from: 200, to: 150, tone: "cost" },
    ]);
    const [price, fee] = layout.rows;
    if (!price || !fee) throw new Error("rows missing");
    expect(fee.barX).toBeCloseTo(price.barX + price.barWidth * 0.75);
    expect(fee.barX + fee.barWidth).toBeCloseTo(price.barX + price.barWidth);
  });

  test("ranking rows go from zero, losses red", () => {
    const pick = pickChart([
      ["Name", "Net profit"],
      ["up", 5],
      ["down", -3],
    ]);
    if (pick?.kind !== "bars") throw new Error("no ranking");
    expect(rankingRows(pick).map((r) => [r.from, r.to, r.tone])).toEqual([
      [0, 5, "start"],
      [0, -3, "loss"],
    ]);
  });
});

describe("labels", () => {
  test("amounts have thousands separators, two decimals and a minus sign", () => {
    expect(formatAmount(1234567.891)).toBe("1,234,567.89");
    expect(formatAmount(-5.6)).toBe("\u22125.60");
    expect(formatAmount(0)).toBe("0.00");
    expect(formatAmount(-0.001)).toBe("0.00");
  });

  test("a long name is cut to fit beside its value", () => {
    const long = "Heavy-Duty Bluetooth Speaker with a name much longer than the pane";
    const cut = fitLabel(long, "1,804.68");
    expect(cut.endsWith("…")).toBe(true);
    expect(cut.length).toBeLessThan(long.length);
    expect(fitLabel("COGS", "−25.95")).toBe("COGS");
  });

  test("the SVG names itself and every bar for screen readers", () => {
    const pick = pickChart(BREAKDOWN_A);
    if (pick?.kind !== "waterfall") throw new Error("no waterfall");
    const tree = ChartSvg({ id: "t", title: pick.title, rows: waterfallRows(pick), connect: true });
    const texts: string[] = [];
    const walk = (node: unknown): void => {
      if (node === null || node === undefined || typeof node === "boolean") return;
      if (typeof node === "string" || typeof node === "number")
        return void texts.push(String(node));
      if (Array.isArray(node)) return node.forEach(walk);
      const v = node as VNode<{ children?: unknown; "aria-label"?: string }>;
      if (v.props["aria-label"]) texts.push(`aria:${v.props["aria-label"]}`);
      walk(v.props.children);
    };
    walk(tree);
    expect(texts.some((t) => t.startsWith("aria:Profit per unit (SGD)"))).toBe(true);
    expect(texts).toContain("Commission fee: \u221215.54");
    expect(texts).toContain("Net profit: \u22125.61");
    expect(texts).toContain("168.90");
    expect(h).toBeDefined();
  });
});

describe("chartPlan", () => {
  test("a spilled breakdown is charted from its price line to its net profit line", () => {
    const plan = chartPlan({ address: "'Profit sheet'!C3:D16", values: BREAKDOWN_A });
    expect(plan.kind).toBe("waterfall");
    expect(plan.labels).toEqual({ sheet: "Profit sheet", r0: 3, r1: 13, c0: 2, c1: 2 });
    expect(plan.values).toEqual({ sheet: "Profit sheet", r0: 3, r1: 13, c0: 3, c1: 3 });
    expect(plan.headers).toBe(0);
    expect(plan.at).toEqual({ row: 2, column: 5 });
    expect(plan.title).toBe("Profit per unit (SGD): price 168.90 to net profit \u22125.61");
    expect(plan.address).toBe("'Profit sheet'!C4:D14");
  });

  test("a ranking takes its header and first 15 rows, names and the profit column", () => {
    const plan = chartPlan({ address: "Top!A1:F41", values: topProducts(40) });
    expect(plan.kind).toBe("bars");
    expect(plan.labels).toMatchObject({ r0: 0, r1: 15, c0: 2 });
    expect(plan.values).toMatchObject({ r0: 0, r1: 15, c0: 5 });
    expect(plan.headers).toBe(1);
    expect(plan.title).toBe("Top 15 by Total profit (SGD)");
    const unsorted = chartPlan({ address: "Top!A1:F21", values: topProducts(20, false) });
    expect(unsorted.title).toBe("Total profit (SGD), first 15 rows");
  });

  test("an overview's breakdown reads its Label and Amount columns", () => {
    const plan = chartPlan({ address: "Overview!A1:E15", values: OVERVIEW_B });
    expect(plan.kind).toBe("waterfall");
    expect(plan.labels).toMatchObject({ r0: 7, r1: 12, c0: 1 });
    expect(plan.values).toMatchObject({ r0: 7, r1: 12, c0: 3 });
    expect(plan.title).toBe(
      "Profit 2025-06-01 to 2025-06-30 (MYR): revenue 24,405.60 to net profit 7,974.69",
    );
  });

  test("a selection that is neither is refused with what to select", () => {
    expect(() => chartPlan({ address: "Sheet1!A1", values: [[5]] })).toThrow(NOTHING_TO_CHART);
  });
});
