/**
 * Plain cell values and native charts of the browser harness's workbook, with Office.js
 * batching: a selection's values arrive at the sync after load("values"); charts.add gives
 * the chart object at once and adds it at the sync, where Excel's checks apply (a chart type
 * Excel has, the data on the chart's sheet, as many category cells as data points).
 */
import { parseAddress } from "./workbookShim";

/** A chart as Excel keeps it once a sync added it; ranges as A1 addresses. */
export interface ShimChart {
  sheet: string;
  type: string;
  source: string;
  seriesBy: string;
  /** The source's top cell when it is text: Excel takes it as the series name. */
  seriesName: string | null;
  categories: string | null;
  title: string;
  legendVisible: boolean;
  reversePlotOrder: boolean;
  position: string | null;
}

const CHART_TYPES = new Set([
  "ColumnClustered",
  "BarClustered",
  "Line",
  "Pie",
  "Area",
  "XYScatter",
  "Histogram",
  "Waterfall",
]);

function letters(c: number): string {
  return c < 26 ? String.fromCharCode(65 + c) : letters(Math.floor(c / 26) - 1) + letters(c % 26);
}

/** "Sheet1!B3:C9" from 0-based indexes, quoting a sheet name as Excel does. */
function address(sheet: string, r0: number, c0: number, n: number, w: number): string {
  const name = /^[A-Za-z0-9_]+$/.test(sheet) ? sheet : `'${sheet.replace(/'/g, "''")}'`;
  const first = `${letters(c0)}${r0 + 1}`;
  return n === 1 && w === 1
    ? `${name}!${first}`
    : `${name}!${first}:${letters(c0 + w - 1)}${r0 + n}`;
}

interface ShimRange {
  readonly sheet: string;
  readonly box: readonly [number, number, number, number];
  readonly address: string;
  values: unknown[][];
  load(properties?: string): ShimRange;
}

export class SheetTables {
  private readonly cells = new Map<string, unknown>();
  readonly charts: ShimChart[] = [];

  /** Type values in from `at` (an A1 cell such as "Sheet1!B3"). */
  put(at: string, rows: readonly (readonly unknown[])[]): void {
    const b = parseAddress(at, "Sheet1");
    rows.forEach((row, i) =>
      row.forEach((v, j) => this.cells.set(`${b.sheet}!${b.r0 - 1 + i},${b.c0 - 1 + j}`, v)),
    );
  }

  /** The Excel.run slice: the selection with its values, sheets by name with their charts. */
  context(queue: Array<() => void>, selection: () => string) {
    const range = (sheet: string, r0: number, c0: number, n: number, w: number): ShimRange => {
      const self: ShimRange = {
        sheet,
        box: [r0, c0, n, w],
        address: address(sheet, r0, c0, n, w),
        values: [],
        load: (properties = "") => {
          if (/\bvalues\b/.test(properties))
            queue.push(() => {
              self.values = Array.from({ length: n }, (_, i) =>
                Array.from(
                  { length: w },
                  (_, j) => this.cells.get(`${sheet}!${r0 + i},${c0 + j}`) ?? "",
                ),
              );
            });
          return self;
        },
      };
      return self;
    };
    const addChart = (sheet: string, type: string, source: ShimRange, seriesBy: string) => {
      const [r0, c0, n, w] = source.box;
      const chart: ShimChart = {
        sheet,
        type,
        source: source.address,
        seriesBy,
        seriesName: null,
        categories: null,
        title: "",
        legendVisible: true,
        reversePlotOrder: false,
        position: null,
      };
      queue.push(() => {
        if (!CHART_TYPES.has(type)) throw new Error(`InvalidArgument: chart type ${type}`);
        if (source.sheet !== sheet)
          throw new Error("InvalidArgument: the data is on another sheet");
        const top = this.cells.get(`${sheet}!${r0},${c0}`);
        chart.seriesName = typeof top === "string" && w === 1 ? top : null;
        this.charts.push(chart);
      });
      const later = (set: () => void) => queue.push(set);
      return {
        title: {
          set text(t: string) {
            later(() => (chart.title = t));
          },
        },
        legend: {
          set visible(v: boolean) {
            later(() => (chart.legendVisible = v));
          },
        },
        axes: {
          categoryAxis: {
            set reversePlotOrder(v: boolean) {
              later(() => (chart.reversePlotOrder = v));
            },
          },
        },
        series: {
          getItemAt: (index: number) => ({
            setXAxisValues: (categories: ShimRange) =>
              later(() => {
                const points = n - (chart.seriesName === null ? 0 : 1);
                if (index !== 0) throw new Error("ItemNotFound: no such series");
                if (categories.box[2] * categories.box[3] !== points)
                  throw new Error("InvalidArgument: categories and values differ in size");
                chart.categories = categories.address;
              }),
          }),
        },
        setPosition: (start: ShimRange) => later(() => (chart.position = start.address)),
      };
    };
    return {
      selected: (): ShimRange => {
        const b = parseAddress(selection(), "Sheet1");
        return range(b.sheet, b.r0 - 1, b.c0 - 1, b.r1 - b.r0 + 1, b.c1 - b.c0 + 1);
      },
      sheet: (name: string) => ({
        name,
        isNullObject: false,
        load: () => undefined,
        getRangeByIndexes: (r: number, c: number, n: number, w: number) => range(name, r, c, n, w),
        charts: {
          add: (type: string, source: ShimRange, seriesBy: string) =>
            addChart(name, type, source, seriesBy),
        },
      }),
    };
  }
}
