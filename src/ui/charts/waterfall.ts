/** A breakdown's waterfall: price, each fee or cost falling from the running total, net profit. */
import { h } from "preact";
import type { ChartRow } from "./layout";
import type { WaterfallPick } from "./pickChart";
import { ChartSvg } from "./chartSvg";

/** The bars of a waterfall; the running total carries each step on from the last. */
export function waterfallRows(pick: WaterfallPick): ChartRow[] {
  const rows: ChartRow[] = [{ ...pick.start, from: 0, to: pick.start.value, tone: "start" }];
  let level = pick.start.value;
  for (const step of pick.steps) {
    rows.push({
      ...step,
      from: level,
      to: level + step.value,
      tone: step.value < 0 ? "cost" : "gain",
    });
    level += step.value;
  }
  const total = pick.total.value;
  rows.push({ ...pick.total, from: 0, to: total, tone: total < 0 ? "loss" : "profit" });
  return rows;
}

export function WaterfallChart(p: { pick: WaterfallPick }) {
  return h(ChartSvg, {
    id: "fb-chart-waterfall",
    title: p.pick.title,
    rows: waterfallRows(p.pick),
    connect: true,
  });
}
