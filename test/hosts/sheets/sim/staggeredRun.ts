/**
 * Issue 32's seller: three columns filled down one after another, 10 s apart, with the
 * sidebar closed (the Sheets strict simulator's staggered fill-downs; bench rows and tests).
 */
import { demoProducts } from "./demoItems";
import { settle, type FillDownOutcome } from "./fillDownRun";
import { OWNER, type SheetsSim } from "./sheetsSim";
import { TOO_MANY_CELLS, TOO_MANY_SCRIPTS } from "./strict";

/** How the REQUIRED_PRICE column of the staggered fill-downs is typed (issue 32). */
export type StaggeredVariant = "costs" | "equalCosts" | "margins";

/**
 * A cell's final answer: a number, or an error of the add-on's own (no ad spend: ROAS has no
 * value), never Apps Script's (refused, stopped at 30 s), a waiting text or Loading...
 */
export function isAnswer(shown: unknown): boolean {
  if (typeof shown === "number") return true;
  if (typeof shown !== "string" || !shown.startsWith("#")) return false;
  return ![TOO_MANY_CELLS, TOO_MANY_SCRIPTS, "Exceeded maximum execution time"].some((m) =>
    shown.includes(m),
  );
}

/**
 * Issue 32's seller: 334 products (A item id, B category, C unit cost), and three columns
 * filled down one after another, 10 s apart, with the sidebar closed: D MKTA_BREAKDOWN item
 * net profit, E REQUIRED_PRICE for a profit of 5 a unit ("costs": a different unit cost per
 * row; "equalCosts": one cost for all; "margins": a 25 % margin instead, costs differing), F
 * PROFIT_ROAS RAW of the row's own product (no ad spend: #N/A with its reason, an answer).
 */
export async function staggeredCells(
  sim: SheetsSim,
  rows: number,
  maxMs: number,
  variant: StaggeredVariant = "costs",
): Promise<FillDownOutcome> {
  const { shop, products } = demoProducts(rows);
  const last = rows + 1;
  sim.edit(
    OWNER,
    `A2:C${last}`,
    products.map((p, i) => [p.itemId, p.categoryId, variant === "equalCosts" ? 20 : 8 + i * 0.25]),
  );
  const before = sim.requests().length;
  const start = sim.now();
  const s = `${shop.shopId}, "${shop.region}"`;
  const target =
    variant === "margins"
      ? `0.25, "requiredListingPrice"`
      : `, "requiredListingPrice", , , , , , , , , 5`;
  sim.fillDown(OWNER, `D2:D${last}`, `=MKTA_BREAKDOWN(${s}, A2, , "netProfit")`);
  await sim.run({ maxMs: 10_000 });
  sim.fillDown(OWNER, `E2:E${last}`, `=REQUIRED_PRICE("A", ${s}, B2, C2, ${target})`);
  await sim.run({ maxMs: 10_000 });
  sim.fillDown(OWNER, `F2:F${last}`, `=PROFIT_ROAS("A", ${s}, A2, "RAW", "roas")`);
  return settle(sim, [`D2:F${last}`], start, before, maxMs, isAnswer);
}
