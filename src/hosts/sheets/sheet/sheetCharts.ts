/**
 * "Insert chart" in Sheets: a native chart of the plan the sidebar worked out (chartPlan.ts).
 * EmbeddedChartBuilder has no waterfall type, so a breakdown becomes a column chart of its
 * signed lines (price up, costs down, net profit last); a ranking a bar chart. Kept tiny: the
 * Sheets bundle has a size cap.
 */
import type { RangeBox } from "../../../imports/rangeAddress";
import type { ChartPlan } from "../../../ui/charts/chartPlan";
import type { SbRange, SbSheet } from "./sheetTypes";

interface SbChartBuilder {
  setChartType(type: unknown): SbChartBuilder;
  addRange(range: SbRange): SbChartBuilder;
  setNumHeaders(headers: number): SbChartBuilder;
  setPosition(row: number, column: number, offsetX: number, offsetY: number): SbChartBuilder;
  setOption(option: string, value: unknown): SbChartBuilder;
  build(): unknown;
}

/** Apps Script's chart enums (a global there, like SpreadsheetApp). */
declare const Charts: { ChartType: Record<"BAR" | "COLUMN", unknown> };

/** Add the chart to the sheet the table is on (the caller found it by the plan's address). */
export function insertSheetChart(sheet: SbSheet, plan: ChartPlan): void {
  const chartSheet = sheet as SbSheet & {
    newChart(): SbChartBuilder;
    insertChart(chart: unknown): void;
  };
  const column = (b: RangeBox): SbRange => sheet.getRange(b.r0 + 1, b.c0 + 1, b.r1 - b.r0 + 1, 1);
  chartSheet.insertChart(
    chartSheet
      .newChart()
      .setChartType(Charts.ChartType[plan.kind === "bars" ? "BAR" : "COLUMN"])
      .addRange(column(plan.labels))
      .addRange(column(plan.values))
      .setNumHeaders(plan.headers)
      .setPosition(plan.at.row + 1, plan.at.column + 1, 0, 0)
      .setOption("title", plan.title)
      .build(),
  );
}
