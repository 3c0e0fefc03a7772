/**
 * worksheet.charts.add of the office-addin-mock workbook (fakeWorkbook.ts), as Office.js does
 * it: the chart object comes back at once, its property sets and calls are queued, and the
 * sync checks what Excel checks (a known type, data on this sheet, as many category cells as
 * data points).
 */
import type { XlRange } from "../../../src/hosts/excel/xlTypes";
import type { SheetRecord } from "./fakeWorkbook";

/** A chart as Excel keeps it once a sync added it (boxes are [row, column, rows, columns]). */
export interface FakeChart {
  type: string;
  source: number[];
  seriesBy: string;
  /** The source's top cell when it is text: Excel takes it as the series name. */
  seriesName: string | null;
  categories: number[] | null;
  title: string;
  legendVisible: boolean;
  reversePlotOrder: boolean;
  position: number[] | null;
}

/** Excel.ChartType values charts.add takes (the ones the add-in may use, and a few more). */
const CHART_TYPES = new Set([
  "ColumnClustered",
  "ColumnStacked",
  "BarClustered",
  "BarStacked",
  "Line",
  "Pie",
  "Area",
  "XYScatter",
  "Histogram",
  "Waterfall",
]);

const key = (r: number, c: number): string => `${r},${c}`;

/** charts.add for a workbook whose batch is `queue` (its ops run at the next sync). */
export function fakeChartAdder(queue: (op: () => void) => void, oldWaterfall: boolean) {
  return (rec: () => SheetRecord | undefined, type: string, source: XlRange, seriesBy: string) => {
    const src = source as unknown as { rec: () => SheetRecord | undefined; box: number[] };
    const chart: FakeChart = {
      type,
      source: src.box,
      seriesBy,
      seriesName: null,
      categories: null,
      title: "",
      legendVisible: true,
      reversePlotOrder: false,
      position: null,
    };
    queue(() => {
      const sheet = rec();
      if (!sheet) throw new Error("ItemNotFound: the sheet is gone");
      if (!CHART_TYPES.has(type)) throw new Error(`InvalidArgument: chart type ${type}`);
      if (!["Auto", "Columns", "Rows"].includes(seriesBy)) throw new Error("InvalidArgument");
      if (src.rec() !== sheet) throw new Error("InvalidArgument: the data is on another sheet");
      const [r0 = 0, c0 = 0] = src.box;
      const top = sheet.values.get(key(r0, c0));
      chart.seriesName = typeof top === "string" && (src.box[3] ?? 1) === 1 ? top : null;
      sheet.charts.push(chart);
    });
    const later =
      (set: () => void): (() => void) =>
      () =>
        queue(set);
    /** What Excel 2016 refuses on a waterfall (office-js issue 2041). */
    const unsupported = (set: () => void) => () => {
      if (oldWaterfall && type === "Waterfall")
        throw new Error("UnsupportedOperation: This operation is not supported");
      set();
    };
    return {
      title: {
        set text(t: string) {
          later(unsupported(() => (chart.title = t)))();
        },
      },
      legend: {
        set visible(v: boolean) {
          later(unsupported(() => (chart.legendVisible = v)))();
        },
      },
      axes: {
        categoryAxis: {
          set reversePlotOrder(v: boolean) {
            later(() => (chart.reversePlotOrder = v))();
          },
        },
      },
      series: {
        getItemAt: (index: number) => ({
          setXAxisValues: (range: XlRange) =>
            queue(() => {
              const box = (range as unknown as { box: number[] }).box;
              const points = (chart.source[2] ?? 0) - (chart.seriesName === null ? 0 : 1);
              if (index !== 0) throw new Error("ItemNotFound: no such series");
              if ((box[2] ?? 0) * (box[3] ?? 0) !== points)
                throw new Error("InvalidArgument: categories and values differ in size");
              chart.categories = box;
            }),
        }),
      },
      setPosition: (start: XlRange) =>
        queue(() => {
          chart.position = (start as unknown as { box: number[] }).box;
        }),
    };
  };
}
