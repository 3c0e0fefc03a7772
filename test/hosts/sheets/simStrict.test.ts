/** The strict simulator's own rules (sim/strict.ts), without the add-on. */
import { FakeClock } from "./fakes";
import { SimBook } from "./sim/book";
import { SimCache } from "./sim/simCache";
import { KIND, STRICT, drawLatency, seededRandom } from "./sim/strict";

test("past 1,000 items the cache keeps the 900 farthest from expiry", () => {
  const clock = new FakeClock();
  const cache = new SimCache(clock, true);
  cache.put("long", "x", 21_600);
  for (let i = 0; i < 1000; i++) cache.put(`short${i}`, "x", 60 + i);
  expect(cache.keys()).toHaveLength(900);
  expect(cache.get("long")).toBe("x");
  expect(cache.get("short0")).toBeNull(); // nearest to expiry: gone first
  expect(cache.get("short999")).toBe("x");
});

test("entries are dropped early at the stated rate", () => {
  const cache = new SimCache(new FakeClock(), true);
  for (let i = 0; i < 500; i++) cache.put(`k${i}`, "x", 3600);
  cache.dropRandom(0.1, seededRandom(7));
  expect(cache.keys().length).toBeLessThan(480);
  expect(cache.keys().length).toBeGreaterThan(400);
});

test("latencies follow the stated distribution, with a slow tail", () => {
  const random = seededRandom(3);
  const draws = Array.from({ length: 5000 }, () => drawLatency(100, STRICT, random)).sort(
    (a, b) => a - b,
  );
  expect(draws[2500]).toBeGreaterThan(80);
  expect(draws[2500]).toBeLessThan(125);
  expect(draws[4990] as number).toBeGreaterThan(500);
  expect(drawLatency(100, KIND, random)).toBe(100);
});

test("with keepMemoOnClear, clear then set back restores the old result (nothing re-runs)", () => {
  const book = new SimBook();
  book.keepMemoOnClear = true;
  book.store("Sheet1", [[1, 1, { formula: "=F(1)" }]]);
  const cell = book.sheet("Sheet1").cell(1, 1);
  if (!cell) throw new Error("no cell");
  cell.memo = "=F(1)\u0000[1]";
  cell.outcome = { kind: "value", value: 5 };
  book.store("Sheet1", [[1, 1, null]]);
  book.store("Sheet1", [[1, 1, { formula: "=F(1)" }]]);
  expect(book.sheet("Sheet1").cell(1, 1)?.memo).toBe("=F(1)\u0000[1]");
  expect(book.shown("Sheet1", 1, 1)).toBe(5);
  book.keepMemoOnClear = false;
  book.store("Sheet1", [[1, 1, null]]);
  book.store("Sheet1", [[1, 1, { formula: "=F(1)" }]]);
  expect(book.sheet("Sheet1").cell(1, 1)?.memo).toBeUndefined();
});
