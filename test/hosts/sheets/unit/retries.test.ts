/**
 * What keeps the filler from re-running cells in a loop (issue 32): the retry book's schedule
 * for cells Apps Script failed, the own-error marks that keep a cell's own error its answer,
 * the choice between the two, and the day's budget of re-runs.
 */
import { backoffMs, MAX_TRIES, RetryBook } from "../../../../src/hosts/sheets/fill/retryBook";
import {
  markOwnError,
  ownErrorsAmong,
  passesWithTime,
} from "../../../../src/hosts/sheets/fill/ownErrors";
import { ApiError, keyRefusedError } from "../../../../src/core";
import { failedToRetry } from "../../../../src/hosts/sheets/fill/filler";
import {
  countRerunsOutside,
  DAILY_RERUN_BUDGET,
  rerunsSpentUntil,
  TriggerRun,
} from "../../../../src/hosts/sheets/stores/triggerDay";
import { FakeCache, FakeClock, FakeProperties } from "../fakes";

const F = '=PROFIT_ROAS("A", 1, "SG", A2, "RAW", "roas")';
const cell = (row: number, formula = F) => ({ sheet: "Sheet1", row, col: 6, formula });

let clock: FakeClock;
let cache: FakeCache;

beforeEach(() => {
  clock = new FakeClock(1_000_000);
  cache = new FakeCache(clock);
});

test("a failed cell is due at once, then after 30 s, 1, 2, 4 ... 16 min, and at most 8 times", () => {
  const book = RetryBook.open("doc", cache);
  const c = cell(2);
  let now = clock.now();
  expect(book.due(c, now)).toBe(true);
  const waits: number[] = [];
  for (let i = 0; i < MAX_TRIES; i++) {
    expect(book.due(c, now)).toBe(true);
    book.tried([c], now);
    expect(book.due(c, now + backoffMs(i + 1) - 1)).toBe(false);
    waits.push(backoffMs(i + 1));
    now += backoffMs(i + 1);
  }
  expect(waits.map((w) => w / 1000)).toEqual([30, 60, 120, 240, 480, 960, 960, 960]);
  expect(book.due(c, now + 3_600_000)).toBe(false);
  expect(book.triesLeft(c)).toBe(0);
});

test("the book outlives a run (user cache) and forgets cells that answered, not those just run", () => {
  const book = RetryBook.open("doc", cache);
  const [a, b] = [cell(2), cell(3)];
  book.tried([a, b], clock.now());
  book.save([a], clock.now() + 1000); // b shows Loading... now: kept
  let again = RetryBook.open("doc", cache);
  expect(again.triesLeft(a)).toBe(MAX_TRIES - 1);
  expect(again.triesLeft(b)).toBe(MAX_TRIES - 1);
  again.save([a], clock.now() + 3 * 60_000); // b answered long ago: forgotten
  again = RetryBook.open("doc", cache);
  expect(again.triesLeft(b)).toBe(MAX_TRIES);
  expect(again.nextDueAt([a, b], clock.now())).toBe(clock.now());
  // Another spreadsheet has its own book.
  expect(RetryBook.open("other", cache).triesLeft(a)).toBe(MAX_TRIES);
});

test("a cell's own error is marked by its formula: the same cell retyped is not the marked one", () => {
  const script = new FakeCache(clock);
  markOwnError([null, script], "doc", cell(2));
  expect(ownErrorsAmong([null, script], "doc", [cell(2), cell(3)])).toEqual(new Set([cell(2)]));
  const retyped = cell(2, '=PROFIT_ROAS("A", 1, "SG", A2, "CLEANED", "roas")');
  expect(ownErrorsAmong([script], "doc", [retyped]).size).toBe(0);
  expect(ownErrorsAmong([script], "other doc", [cell(2)]).size).toBe(0);
});

test("what passes with time is run again, a cell's own error is not", () => {
  // The API kept refusing the key after every wait (not retryable within the cell's 30 s):
  // another app spends it; an hour later it is free again.
  expect(passesWithTime(keyRefusedError())).toBe(true);
  expect(passesWithTime(new ApiError("RATE_LIMITED", "429", { status: 429 }))).toBe(true);
  expect(passesWithTime(new ApiError("SERVER", "503", { status: 503 }))).toBe(true);
  expect(passesWithTime(new ApiError("NETWORK", "no answer"))).toBe(true);
  expect(passesWithTime(new ApiError("TIMEOUT", "30 s", { retryable: false }))).toBe(true);
  // Bad input, a target the API calls unreachable, a key it throttles: the cell's own answer.
  expect(passesWithTime(new ApiError("INVALID_ARGUMENT", "price"))).toBe(false);
  expect(passesWithTime(new ApiError("UNREACHABLE", "422", { status: 422 }))).toBe(false);
  expect(passesWithTime(new ApiError("AUTH", "throttled", { status: 429 }))).toBe(false);
  expect(passesWithTime(new ApiError("NOT_FOUND", "404", { status: 404 }))).toBe(false);
  expect(passesWithTime(new Error("No ad spend"))).toBe(false);
});

test("failedToRetry: own errors are answers, failed cells run on schedule within the room", () => {
  const marks = new FakeCache(clock);
  const cells = [cell(2), cell(3), cell(4), cell(5)];
  markOwnError([marks], "doc", cells[0] as ReturnType<typeof cell>);
  const book = RetryBook.open("doc", cache);
  const first = failedToRetry(cells, book, { caches: [marks], docId: "doc" }, 2, clock.now());
  expect(first.retry.map((c) => c.row)).toEqual([3, 4]);
  expect(first.pending.map((c) => c.row)).toEqual([3, 4, 5]);
  // A moment later only the one not tried yet is due: the others wait 30 s.
  const next = failedToRetry(cells, book, { caches: [marks], docId: "doc" }, 5, clock.now() + 1000);
  expect(next.retry.map((c) => c.row)).toEqual([5]);
});

test("the day's re-runs: counted before they run, stored with the trigger minutes, spent says so", () => {
  const props = new FakeProperties();
  const now = clock.now();
  const dayEnd = now + 3_600_000;
  const run = TriggerRun.start(props, `${dayEnd}|600000|${DAILY_RERUN_BUDGET - 30}`, now, dayEnd);
  expect(run.rerunsLeft()).toBe(30);
  run.countReruns(24);
  expect(run.rerunsLeft()).toBe(6);
  run.finish(now + 60_000);
  expect(props.getProperty("mkt.triggerDay")).toBe(`${dayEnd}|660000|${DAILY_RERUN_BUDGET - 6}`);
  expect(rerunsSpentUntil(props.getProperty("mkt.triggerDay"), now)).toBeNull();
  countRerunsOutside(props, 6, now, dayEnd); // the open sidebar's pass
  expect(rerunsSpentUntil(props.getProperty("mkt.triggerDay"), now)).toBe(dayEnd);
  // A new day starts afresh.
  expect(rerunsSpentUntil(props.getProperty("mkt.triggerDay"), dayEnd + 1)).toBeNull();
  // An old record (two fields) reads as no re-runs yet.
  expect(TriggerRun.start(props, `${dayEnd}|5`, now, dayEnd).rerunsLeft()).toBe(DAILY_RERUN_BUDGET);
});
