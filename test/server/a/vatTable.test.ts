import { feeScheduleA } from "../../../src/server/fees/ratesA";
import { feeScheduleB } from "../../../src/server/fees/ratesB";
import { feeScheduleC } from "../../../src/server/fees/ratesC";
import { VAT_RATES, vatRateOn } from "../../../src/server/fees/vat";

describe("one VAT table by region for every marketplace", () => {
  it("gives A, B and C the same rate on every date a rate changes", () => {
    for (const e of VAT_RATES) {
      for (const date of [e.effectiveFrom, "2025-06-30"]) {
        const rate = vatRateOn(e.region, date);
        expect(feeScheduleA(e.region, date).vatRate).toBe(rate);
        expect(feeScheduleB(e.region, date).vatRate).toBe(rate);
        expect(feeScheduleC(e.region, date).vatRate).toBe(rate);
      }
    }
  });

  it("follows the changes (MY SST 6 % -> 8 %, ID 11 % -> 12 %)", () => {
    expect(vatRateOn("MY", "2024-02-29")).toBe(0.06);
    expect(vatRateOn("MY", "2024-03-01")).toBe(0.08);
    expect(vatRateOn("ID", "2024-12-31")).toBe(0.11);
    expect(vatRateOn("ID", "2025-01-01")).toBe(0.12);
  });
});
