import "../helpers/figureValues";
import type { ApiError } from "../../src/core/errors";
import {
  breakdownTable,
  dateTimeToSerial,
  dateTimeToUtcDate,
  entriesTable,
  toCell,
  valueAt,
} from "../../src/core/shape";
import { fieldNames, pickField } from "../../src/core/pickField";
import type { Column } from "../../src/core/shape";

const record = {
  itemId: 55,
  modelId: null,
  breakdown: {
    originalModelPrice: { amount: 100, label: "Original price" },
    sellerDiscount: { amount: -10, label: "Seller discount" },
    commissionFee: { amount: -5.4, label: "Commission", rate: 0.06, base: 90 },
    vat: { amount: 0, label: "" },
  },
  metadata: {
    currency: "SGD",
    netProfit: 84.6,
    margin: 94,
    hasVat: false,
    effectiveDate: "2024-05-01",
    syncedAt: [2024, 5, 1, 13, 4, 5],
    rates: { a: 1 },
  },
};

describe("breakdownTable", () => {
  it("lists every line with its label (or name) and ends with net profit", () => {
    expect(breakdownTable(record)).toEqual([
      ["Line", "Amount"],
      ["Original price", 100],
      ["Seller discount", -10],
      ["Commission", -5.4],
      ["VAT", 0],
      ["Net profit", 84.6],
    ]);
  });

  it("sums the lines when metadata has no net profit, and can drop headers", () => {
    const flat = { a: { amount: 0.1, label: "A" }, b: { amount: 0.2, label: "B" }, note: "x" };
    expect(breakdownTable(flat, { headers: false })).toEqual([
      ["A", 0.1],
      ["B", 0.2],
      ["Net profit", 0.3],
    ]);
    expect(() => breakdownTable({ breakdown: {} })).toThrow(/no breakdown lines/);
    expect(() => breakdownTable(null)).toThrow(/no breakdown lines/);
  });
});

describe("entriesTable", () => {
  const columns: Column[] = [
    { header: "Item", path: "itemId", kind: "integer" },
    { header: "Name", path: "name", kind: "text" },
    { header: "Profit", path: "metadata.netProfit", kind: "money" },
    { header: "VAT", path: "breakdown.vat.amount", kind: "money" },
    { header: "Margin", path: "metadata.margin", kind: "percent" },
    { header: "Synced", path: "syncedAt", kind: "date" },
    { header: "Day", path: "day", kind: "date" },
    { header: "VAT?", path: "metadata.hasVat", kind: "boolean" },
  ];

  it("gives stable columns, with missing values as empty cells", () => {
    const entries = [
      {
        itemId: 1,
        name: "Mug",
        metadata: { netProfit: 2.5, margin: null, hasVat: true },
        breakdown: { vat: { amount: -0.3 } },
        syncedAt: [2024, 1, 2, 3, 4, 5],
        day: "2024-01-02",
      },
      { itemId: "2", name: 1234, metadata: { netProfit: "n/a" } },
    ];
    const table = entriesTable(entries, columns);
    expect(table[0]).toEqual(["Item", "Name", "Profit", "VAT", "Margin", "Synced", "Day", "VAT?"]);
    expect(table[1]).toEqual([
      1,
      "Mug",
      2.5,
      -0.3,
      "",
      new Date(Date.UTC(2024, 0, 2, 3, 4, 5)),
      new Date(Date.UTC(2024, 0, 2)),
      true,
    ]);
    expect(table[2]).toEqual([2, "1234", "", "", "", "", "", ""]);
    for (const row of table)
      for (const cell of row)
        expect(["string", "number", "boolean"].includes(typeof cell) || cell instanceof Date).toBe(
          true,
        );
  });

  it("uses the host's date converter and can drop headers", () => {
    const table = entriesTable([{ syncedAt: [1970, 1, 2, 12, 0, 0] }], [columns[5] as Column], {
      headers: false,
      dateTime: dateTimeToSerial,
    });
    expect(table).toEqual([[25_570.5]]);
  });
});

describe("pickField", () => {
  it("looks in breakdown lines, then metadata, then the top level", () => {
    expect(pickField(record, "commissionFee")).toEqual(-5.4);
    expect(pickField(record, "netProfit")).toEqual(84.6);
    expect(pickField(record, "currency")).toBe("SGD");
    expect(pickField(record, "itemId")).toEqual(55);
    expect(pickField(record, "modelId")).toBe("");
    expect(pickField(record, " NETPROFIT ")).toEqual(84.6);
    expect(pickField(record, "syncedAt")).toEqual(new Date(Date.UTC(2024, 4, 1, 13, 4, 5)));
  });

  it("refuses a wrong field name, listing the valid ones", () => {
    let error: ApiError | undefined;
    try {
      pickField(record, "netProfitt");
    } catch (e) {
      error = e as ApiError;
    }
    expect(error?.code).toBe("INVALID_ARGUMENT");
    expect(error?.message).toMatch(
      /^Unknown field "netProfitt": use one of Original price, Seller discount, Commission, VAT, Currency, Net profit/,
    );
    expect(error?.message).not.toContain("rates");
    expect(fieldNames(record)).toContain("itemId");
    expect(fieldNames("x")).toEqual([]);
  });
});

describe("cells", () => {
  it("only ever yields string | number | boolean | Date", () => {
    expect(toCell(null)).toBe("");
    expect(toCell(undefined)).toBe("");
    expect(toCell(Number.NaN)).toBe("");
    expect(toCell(Infinity)).toBe("");
    expect(toCell(new Date("bad"))).toBe("");
    expect(toCell({ amount: 3 })).toEqual(3);
    expect(toCell(["a", 1])).toBe("a, 1");
    expect(toCell({ deep: { x: 1 } })).toBe("");
    expect(toCell([2024, 2, 30, 0, 0, 0])).toBe("2024, 2, 30, 0, 0, 0");
    expect(dateTimeToUtcDate([2024, 2, 29, 0, 0, 0]).toISOString()).toBe(
      "2024-02-29T00:00:00.000Z",
    );
    expect(valueAt({ a: [{ b: 1 }] }, "a.0.b")).toEqual(1);
    expect(valueAt({ a: 1 }, "a.b")).toBeUndefined();
  });
});
