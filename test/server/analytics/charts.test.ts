import { boxPlot, quantileLinear } from "../../../src/server/analytics/boxPlot";
import { buildWaterfall } from "../../../src/server/analytics/waterfall";
import { buildSankey, type Sankey } from "../../../src/server/analytics/sankey";

describe("boxPlot", () => {
  it("matches a sample worked by hand (numpy linear quartiles, Tukey fences)", () => {
    // n = 10: Q1 at h = 2.25 -> 3.25, median h = 4.5 -> 5.5, Q3 h = 6.75 -> 7.75; IQR 4.5,
    // fences -3.5 and 14.5; 100 is an outlier, whiskers 1 and 9.
    const b = boxPlot([100, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(b).toEqual({
      count: 10,
      min: 1,
      q1: 3.25,
      median: 5.5,
      q3: 7.75,
      max: 9,
      lowerFence: -3.5,
      upperFence: 14.5,
      outliers: [100],
    });
  });
  it("puts low outliers below the lower whisker", () => {
    const b = boxPlot([-50, 10, 11, 12, 13]);
    // Q1 10, Q3 12, IQR 2, fences 7 and 15.
    expect(b.outliers).toEqual([-50]);
    expect(b.min).toBe(10);
    expect(b.max).toBe(13);
  });
  it("defines n = 0 and n = 1", () => {
    expect(boxPlot([])).toMatchObject({
      count: 0,
      min: null,
      q1: null,
      median: null,
      q3: null,
      max: null,
      outliers: [],
    });
    expect(boxPlot([0.25])).toMatchObject({
      count: 1,
      min: 0.25,
      q1: 0.25,
      median: 0.25,
      q3: 0.25,
      max: 0.25,
      outliers: [],
    });
  });
  it("interpolates like numpy", () => {
    expect(quantileLinear([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileLinear([1, 2, 3, 4], 0.25)).toBe(1.75);
  });
});

describe("buildWaterfall", () => {
  it("steps sum to the net-profit total", () => {
    const steps = buildWaterfall(100_000, [
      { name: "commissionFee", label: "Commission", amountMinor: -8_000 },
      { name: "paymentFee", label: "Payment fee", amountMinor: -2_000 },
      { name: "cogs", label: "COGS", amountMinor: -55_000 },
    ]);
    expect(steps.map((s) => s.kind)).toEqual([
      "revenue",
      "relative",
      "relative",
      "relative",
      "total",
    ]);
    const total = steps[steps.length - 1];
    expect(total?.amountMinor).toBe(35_000);
    const sumOfSteps = steps
      .filter((s) => s.kind !== "total")
      .reduce((s, x) => s + x.amountMinor, 0);
    expect(sumOfSteps).toBe(total?.amountMinor);
    expect(steps[2]?.runningMinor).toBe(90_000);
  });
});

function checkConservation(s: Sankey, revenueMinor: number): void {
  const ids = new Set(s.nodes.map((n) => n.id));
  expect(ids.size).toBe(s.nodes.length);
  for (const l of s.links) {
    expect(l.valueMinor).toBeGreaterThanOrEqual(0);
    expect(ids.has(l.source) && ids.has(l.target)).toBe(true);
  }
  // Every node with both inflow and outflow conserves money.
  for (const n of s.nodes) {
    const inflow = s.links.filter((l) => l.target === n.id).reduce((a, l) => a + l.valueMinor, 0);
    const outflow = s.links.filter((l) => l.source === n.id).reduce((a, l) => a + l.valueMinor, 0);
    // Revenue is itself a source: its outflow is revenue plus any credits flowing into it.
    if (n.id === "revenue") expect(outflow).toBe(revenueMinor + inflow);
    else if (inflow > 0 && outflow > 0) expect(inflow).toBe(outflow);
  }
}

describe("buildSankey", () => {
  it("splits revenue into costs and net profit", () => {
    const s = buildSankey(100, [
      { name: "commissionFee", label: "Commission", amountMinor: -10 },
      { name: "cogs", label: "COGS", amountMinor: -50 },
    ]);
    checkConservation(s, 100);
    expect(s.links).toEqual(
      expect.arrayContaining([
        { source: "revenue", target: "netProfit", valueMinor: 40 },
        { source: "revenue", target: "costs", valueMinor: 60 },
        { source: "costs", target: "cogs", valueMinor: 50 },
      ]),
    );
    expect(s.nodes.some((n) => n.id === "loss")).toBe(false);
  });
  it("shows a loss as a Loss source node, never a negative flow", () => {
    const s = buildSankey(100, [
      { name: "commissionFee", label: "Commission", amountMinor: -30 },
      { name: "cogs", label: "COGS", amountMinor: -90 },
    ]);
    checkConservation(s, 100);
    expect(s.nodes).toContainEqual({ id: "loss", label: "Loss" });
    expect(s.links).toContainEqual({ source: "loss", target: "costs", valueMinor: 20 });
    expect(s.links).toContainEqual({ source: "revenue", target: "costs", valueMinor: 100 });
    expect(s.nodes.some((n) => n.id === "netProfit")).toBe(false);
  });
  it("turns a credit line into an extra source", () => {
    const s = buildSankey(100, [
      { name: "rebate", label: "Rebate", amountMinor: 5 },
      { name: "cogs", label: "COGS", amountMinor: -50 },
    ]);
    checkConservation(s, 100);
    expect(s.links).toContainEqual({ source: "rebate", target: "revenue", valueMinor: 5 });
    expect(s.links).toContainEqual({ source: "revenue", target: "netProfit", valueMinor: 55 });
  });
});
