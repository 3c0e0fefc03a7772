/** A small seeded random source over pure-rand (no Math.random anywhere in the demo data). */
import * as prand from "pure-rand";

export interface Rng {
  /** Uniform in [0, 1). */
  float(): number;
  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** Standard normal (Box-Muller). */
  normal(): number;
}

/** A deterministic generator for `seed` (32-bit integer). */
export function makeRng(seed: number): Rng {
  const g = prand.xoroshiro128plus(seed | 0);
  const float = (): number => (g.unsafeNext() >>> 0) / 4294967296;
  return {
    float,
    int: (min, max) => min + Math.floor(float() * (max - min + 1)),
    chance: (p) => float() < p,
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(float() * items.length)];
      if (item === undefined) throw new Error("pick from an empty list");
      return item;
    },
    normal: () => {
      const u = 1 - float();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * float());
    },
  };
}
