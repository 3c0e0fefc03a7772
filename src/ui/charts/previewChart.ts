/** The picture under the builder's preview table: a waterfall, a ranking, or nothing. */
import { h } from "preact";
import type { Cell } from "../../functions/cells";
import { RankingChart } from "./bars";
import { pickChart } from "./pickChart";
import { WaterfallChart } from "./waterfall";

export function PreviewChart(p: { table: Cell[][] }) {
  const pick = pickChart(p.table);
  if (!pick) return null;
  return pick.kind === "waterfall" ? h(WaterfallChart, { pick }) : h(RankingChart, { pick });
}
