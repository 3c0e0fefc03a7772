/**
 * A product's profit and price over time, drawn like the waterfall and ranking charts (one
 * bar per snapshot, oldest on top; a loss in red). Snapshots without the figure are left out.
 */
import { h } from "preact";
import type { ProductHistory } from "../teamBridge";
import { ChartSvg } from "./chartSvg";
import type { BarTone, ChartRow } from "./layout";

function rowsOf(history: ProductHistory, pick: "profit" | "price", tone: BarTone): ChartRow[] {
  return history.points.flatMap((p) => {
    const value = p[pick];
    if (value === null) return [];
    return [
      { label: p.when.slice(0, 16), value, from: 0, to: value, tone: value < 0 ? "loss" : tone },
    ];
  });
}

export function HistoryChart(p: { history: ProductHistory }) {
  const name = p.history.product || p.history.productId;
  const profit = rowsOf(p.history, "profit", "profit");
  const price = rowsOf(p.history, "price", "start");
  return h("div", { id: "team-history-chart" }, [
    profit.length > 0
      ? h(ChartSvg, {
          id: "team-chart-profit",
          title: `${name}: net profit per unit over time`,
          rows: profit,
          connect: false,
        })
      : null,
    price.length > 0
      ? h(ChartSvg, {
          id: "team-chart-price",
          title: `${name}: price over time`,
          rows: price,
          connect: false,
        })
      : null,
  ]);
}
