/** Effective-dated values: the entry in force on a date is the latest one starting on or before it. */

export interface EffectiveEntry<T> {
  readonly region: string;
  /** First day the entry applies (YYYY-MM-DD, inclusive). */
  readonly effectiveFrom: string;
  readonly value: T;
}

/** The value in force in `region` on `date`; before the first entry, the earliest entry applies. */
export function valueOn<T>(table: readonly EffectiveEntry<T>[], region: string, date: string): T {
  let best: EffectiveEntry<T> | undefined;
  let earliest: EffectiveEntry<T> | undefined;
  for (const e of table) {
    if (e.region !== region) continue;
    if (earliest === undefined || e.effectiveFrom < earliest.effectiveFrom) earliest = e;
    if (e.effectiveFrom <= date && (best === undefined || e.effectiveFrom > best.effectiveFrom))
      best = e;
  }
  const found = best ?? earliest;
  if (found === undefined) throw new RangeError(`no rate for region ${region}`);
  return found.value;
}
