/** The native chart of one product's history: bars of its profit per snapshot. */
import type { ChartPlan } from "./chartPlan";

/** The plan for the History chart sheet's block of `rows` snapshots (header in row 1). */
export function historyChartPlan(sheet: string, rows: number, product: string): ChartPlan {
  const column = (c: number) => ({ sheet, r0: 0, r1: rows, c0: c, c1: c });
  const quoted = `'${sheet.replace(/'/g, "''")}'`;
  return {
    kind: "bars",
    title: `${product}: profit per snapshot`,
    address: `${quoted}!A1:B${rows + 1}`,
    labels: column(0),
    values: column(1),
    headers: 1,
    at: { row: 0, column: 3 },
  };
}
