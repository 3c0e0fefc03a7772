/**
 * A fee-change row reads as an honest sum (issue 35's new user: "Units a month 5" beside a
 * change of -3.60 a unit and -16.20 a month): Units a month keeps the decimals Change/month is
 * computed from, and ids the API sends as numbers are numbers (as text, the grid flagged each
 * as a number stored as text). Pure: no server.
 */
import type { FeeChangeState } from "../../src/imports/feeChange/feeChangeAsk";
import type { FeeChangeRow } from "../../src/imports/feeChange/feeChangeRows";
import { feeChangeCells, feeChangeColumns } from "../../src/imports/feeChange/feeChangeTable";
import { NUMBER_FORMATS } from "../../src/imports/table";

const state = (marketplace: "A" | "B" | "C", salesWindowDays: number) =>
  ({
    ask: { marketplace, shopId: 100001, region: "SG", date: "2026-12-29", salesWindowDays },
    currency: "SGD",
  }) as unknown as FeeChangeState;

const row = (units: number, itemId: number | string, variantId: number | string | null) =>
  ({
    id: `${itemId}:${variantId}`,
    itemId,
    variantId,
    name: "Smart Lunch Box",
    units,
    today: null,
    later: null,
    changePerUnit: -3.6,
    changePerMonth: -16.2,
    listPrice: null,
    listMargin: null,
    keepPrice: null,
    guessedCogs: false,
    cogs: "",
    note: "",
  }) as FeeChangeRow;

test("A's 180-day window: 27 units are 4.5 a month, shown with decimals (4.5 x -3.60 = -16.20)", () => {
  const s = state("A", 180);
  const columns = feeChangeColumns(s);
  const at = (header: string) => columns.findIndex((c) => c.header === header);
  const cells = feeChangeCells(s, row(27, 10000892, 100008921), 0.2);
  expect(cells[at("Units a month")]).toBe(4.5);
  expect(NUMBER_FORMATS[columns[at("Units a month")]?.format ?? "text"]).toBe("#,##0.00");
  expect(Number(cells[at("Units a month")]) * -3.6).toBeCloseTo(-16.2, 9);
  // Ids as numbers, each digit shown (no separators).
  expect([cells[at("Item id")], cells[at("Model id")]]).toEqual([10000892, 100008921]);
  expect(NUMBER_FORMATS[columns[at("Item id")]?.format ?? "text"]).toBe("0");
});

test("B and C count a 30-day window: units stay whole; C's text ids stay text", () => {
  const s = state("C", 30);
  const columns = feeChangeColumns(s);
  const at = (header: string) => columns.findIndex((c) => c.header === header);
  const cells = feeChangeCells(s, row(7, "1729384756", "SKU-7"), 0.2);
  expect(cells[at("Units a month")]).toBe(7);
  expect(NUMBER_FORMATS[columns[at("Units a month")]?.format ?? "text"]).toBe("#,##0");
  expect([cells[at("Item id")], cells[at("SKU id")]]).toEqual(["1729384756", "SKU-7"]);
});
