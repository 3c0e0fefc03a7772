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

/** One change to a region's values from a date on: only the fields named change. */
export type EffectiveChange<T> = readonly [
  region: string,
  effectiveFrom: string,
  patch: Partial<T>,
];

/**
 * A table from a baseline per region (in force from `since`) and changes layered on it in
 * date order, each entry carrying the full values in force from its date.
 */
export function layeredTable<T extends object>(
  baseline: Readonly<Record<string, T>>,
  changes: readonly EffectiveChange<T>[],
  since = "2020-01-01",
): EffectiveEntry<T>[] {
  const entries: EffectiveEntry<T>[] = [];
  for (const [region, values] of Object.entries(baseline)) {
    entries.push({ region, effectiveFrom: since, value: values });
    const own = changes.filter((c) => c[0] === region).sort((a, b) => a[1].localeCompare(b[1]));
    let current = values;
    for (const [, from, patch] of own) {
      current = { ...current, ...patch };
      entries.push({ region, effectiveFrom: from, value: current });
    }
  }
  return entries;
}
