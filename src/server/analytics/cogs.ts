/**
 * COGS the seller has not entered, inferred from the variants they did enter: the median
 * COGS / price ratio of the same category, else of the whole shop, times the variant's price.
 */
import type { CogsSource } from "./breakdown";
import { median } from "./sales";

/** One variant as the inference sees it. */
export interface CogsSample<CategoryKey> {
  readonly category: CategoryKey;
  /** Entered COGS per unit (minor units), null when not entered. */
  readonly cogs: number | null;
  /** The price COGS is compared with (minor units). */
  readonly price: number;
}

/** A variant's COGS and where it came from. */
export interface UnitCogs {
  readonly cogs: number;
  readonly source: CogsSource;
}

/** Builds the inference from every variant of a shop. */
export function cogsInference<CategoryKey>(
  samples: Iterable<CogsSample<CategoryKey>>,
): (sample: CogsSample<CategoryKey>) => UnitCogs {
  const perCategory = new Map<CategoryKey, number[]>();
  const all: number[] = [];
  for (const s of samples) {
    if (s.cogs === null || s.price <= 0) continue;
    const r = s.cogs / s.price;
    all.push(r);
    const list = perCategory.get(s.category) ?? [];
    list.push(r);
    perCategory.set(s.category, list);
  }
  const byCategory = new Map<CategoryKey, number>();
  for (const [c, list] of perCategory) byCategory.set(c, median(list) as number);
  const shop = median(all);
  return (s) => {
    if (s.cogs !== null) return { cogs: s.cogs, source: "explicit" };
    const ratio = byCategory.get(s.category) ?? shop;
    if (ratio === null) return { cogs: 0, source: "missing" };
    return { cogs: Math.round(ratio * Math.max(0, s.price)), source: "inferred" };
  };
}
