/** A seeded random source (mulberry32): the same draws every run, for tests that pick at random. */
export function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A kill test's seed: MKT_KILL_SEED when set (to repeat a run), else a new one each run; the
 * test prints it with every build it checks.
 */
export function killSeed(): number {
  const given = Number(process.env.MKT_KILL_SEED);
  return Number.isInteger(given) && process.env.MKT_KILL_SEED !== ""
    ? given
    : Date.now() % 1_000_000;
}
