/**
 * The long tier: tests that take minutes (slowed APIs, 20 kills a host) run in full under
 * `npm run test:long` (MKT_LONG_TESTS=1); `npm test` runs a smaller cut or skips them, so CI's
 * 25 minutes on 2 cores hold.
 */
export const LONG = process.env.MKT_LONG_TESTS === "1";

/** `test` in the long tier, skipped (and said so in Jest's count) in `npm test`. */
export const longTest: typeof test = LONG ? test : test.skip;
