/** A ranking's bar chart: the best rows by profit or ROAS, highest on top, losses in red. */
import { h } from "preact";
import type { ChartRow } from "./layout";
import type { RankingPick } from "./pickChart";
import { ChartSvg } from "./chartSvg";

export function rankingRows(pick: RankingPick): ChartRow[] {
  return pick.bars.map((b) => ({
    ...b,
    from: 0,
    to: b.value,
    tone: b.value < 0 ? "loss" : "start",
  }));
}

export function RankingChart(p: { pick: RankingPick }) {
  return h(ChartSvg, {
    id: "fb-chart-ranking",
    title: p.pick.title,
    rows: rankingRows(p.pick),
    connect: false,
  });
}
