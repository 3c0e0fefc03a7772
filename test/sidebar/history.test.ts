/** The History sheet stays bounded: past HISTORY_LIMIT rows the oldest snapshots go, whole. */
import { HISTORY_LIMIT, keptHistory } from "../../src/sidebar/history";

const snapshot = (when: string, products: number) =>
  Array.from({ length: products }, (_, i) => [when, "Profit", String(i), `P${i}`, i, i, 0.1, 1]);

test("under the limit a snapshot is appended as it is", () => {
  const old = snapshot("2026-11-01", 3);
  expect(keptHistory(old, snapshot("2026-11-02", 3), 10)).toEqual([
    ...old,
    ...snapshot("2026-11-02", 3),
  ]);
});

test("past the limit the oldest snapshots go whole, the newest stays whole", () => {
  const old = [...snapshot("2026-11-01", 4), ...snapshot("2026-11-02", 4)];
  // 12 rows for a limit of 10: the first snapshot loses 2 rows, so it goes entirely.
  const kept = keptHistory(old, snapshot("2026-11-03", 4), 10);
  expect(kept.map((r) => r[0])).toEqual([
    ...Array(4).fill("2026-11-02"),
    ...Array(4).fill("2026-11-03"),
  ]);
});

test("the limit is stated and a year of a 100-product table's dailies fits", () => {
  expect(HISTORY_LIMIT).toBe(50_000);
  let rows: unknown[][] = [];
  for (let d = 0; d < 600; d++)
    rows = keptHistory(rows as never, snapshot(`day ${d}`, 100), HISTORY_LIMIT);
  expect(rows.length).toBe(HISTORY_LIMIT);
  expect(rows[0]?.[0]).toBe("day 100");
});
