/**
 * "Insert chart" in Excel: a native chart of the plan the task pane worked out (chartPlan.ts).
 * A breakdown gets Excel's own waterfall; Office.js cannot mark a point as a total, so the
 * chart runs from the price through each fee and cost, its last level is the net profit, and
 * the title names that figure (an overview's breakdown, label and amount apart, a column chart). A ranking gets a clustered bar chart, best row on top.
 */
import type { ChartPlan } from "../../ui/charts/chartPlan";
import type { XlContext, XlRange, XlWorksheet } from "./xlTypes";

/** The slice of Excel.Chart the pane sets. */
export interface XlChart {
  title: { text: string };
  legend: { visible: boolean };
  axes: { categoryAxis: { reversePlotOrder: boolean } };
  series: { getItemAt(index: number): { setXAxisValues(range: XlRange): void } };
  setPosition(startCell: XlRange | string, endCell?: XlRange | string): void;
}

export interface XlChartSheet extends XlWorksheet {
  charts: { add(type: string, sourceData: XlRange, seriesBy: string): XlChart };
}

/** Add the chart to the sheet the table is on, one column right of it. */
export async function insertExcelChart(context: XlContext, plan: ChartPlan): Promise<void> {
  const sheet = context.workbook.worksheets.getItemOrNullObject(plan.labels.sheet) as XlChartSheet;
  sheet.load("name");
  await context.sync();
  if (sheet.isNullObject) throw new Error(`The sheet "${plan.labels.sheet}" is gone`);
  const { labels, values, at } = plan;
  const rows = values.r1 - values.r0 + 1;
  let chart: XlChart;
  if (plan.kind === "waterfall" && values.c0 === labels.c0 + 1) {
    // Labels and amounts side by side: one block, no series calls (waterfall charts refuse
    // some of them). The Net profit line is left out: it would be drawn as one more step.
    chart = sheet.charts.add(
      "Waterfall",
      sheet.getRangeByIndexes(labels.r0, labels.c0, rows - 1, 2),
      "Columns",
    );
  } else {
    // The value column under its header, the labels as categories; an overview's breakdown
    // has a Kind column between them, so it gets columns, not a waterfall. The header stays
    // out of the source: whether Excel takes a text top cell as the series name is not
    // documented (the legend is hidden and the title names the figure).
    const bars = plan.kind === "bars";
    const skip = plan.headers;
    chart = sheet.charts.add(
      bars ? "BarClustered" : "ColumnClustered",
      sheet.getRangeByIndexes(values.r0 + skip, values.c0, rows - skip, 1),
      "Columns",
    );
    chart.series
      .getItemAt(0)
      .setXAxisValues(sheet.getRangeByIndexes(labels.r0 + skip, labels.c0, rows - skip, 1));
    // A bar chart lists its first category at the bottom: the best row goes on top.
    if (bars) chart.axes.categoryAxis.reversePlotOrder = true;
  }
  chart.setPosition(sheet.getRangeByIndexes(at.row, at.column, 1, 1));
  await context.sync();
  try {
    chart.title.text = plan.title;
    chart.legend.visible = false;
    await context.sync();
  } catch {
    // Some Excel versions refuse a waterfall's title or legend: the chart is there, as Excel drew it.
  }
}
