/**
 * Money-flow (Sankey) diagram: Revenue splits into Net profit and a Costs hub that fans out
 * to each cost. A loss is a "Loss" source feeding the Costs hub, never a negative flow.
 * Acyclic by construction; every link value is >= 0 (zero flows are left out).
 */
import type { MoneyLine } from "./waterfall";

export interface SankeyNode {
  readonly id: string;
  readonly label: string;
}

export interface SankeyLink {
  readonly source: string;
  readonly target: string;
  readonly valueMinor: number;
}

export interface Sankey {
  readonly nodes: SankeyNode[];
  readonly links: SankeyLink[];
}

/**
 * Sankey of revenue and signed cost lines (cost negative, in minor units). A positive "cost"
 * (a credit) joins revenue as its own source; negative revenue counts as a cost.
 */
export function buildSankey(revenueMinor: number, costs: readonly MoneyLine[]): Sankey {
  const nodes: SankeyNode[] = [{ id: "revenue", label: "Revenue" }];
  const links: SankeyLink[] = [];
  const link = (source: string, target: string, valueMinor: number): void => {
    if (valueMinor > 0) links.push({ source, target, valueMinor });
  };
  const outflows: MoneyLine[] = [];
  let inflow = Math.max(0, revenueMinor);
  if (revenueMinor < 0)
    outflows.push({
      name: "negativeRevenue",
      label: "Negative revenue",
      amountMinor: revenueMinor,
    });
  for (const line of costs) {
    if (line.amountMinor > 0) {
      nodes.push({ id: line.name, label: line.label });
      link(line.name, "revenue", line.amountMinor);
      inflow += line.amountMinor;
    } else if (line.amountMinor < 0) {
      outflows.push(line);
    }
  }
  const totalCosts = outflows.reduce((s, l) => s - l.amountMinor, 0);
  const profit = inflow - totalCosts;
  if (totalCosts > 0) nodes.push({ id: "costs", label: "Costs" });
  if (profit > 0) {
    nodes.push({ id: "netProfit", label: "Net profit" });
    link("revenue", "netProfit", profit);
    link("revenue", "costs", totalCosts);
  } else {
    link("revenue", "costs", inflow);
    if (profit < 0) {
      nodes.push({ id: "loss", label: "Loss" });
      link("loss", "costs", -profit);
    }
  }
  for (const line of outflows) {
    nodes.push({ id: line.name, label: line.label });
    link("costs", line.name, -line.amountMinor);
  }
  return { nodes, links };
}
