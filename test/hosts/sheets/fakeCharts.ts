/**
 * Sheet.newChart() of the Apps Script fakes (fakes.ts): the builder chains, build() gives an
 * EmbeddedChart that is on no sheet until Sheet.insertChart.
 */
import { FakeRange, type FakeSheet } from "./fakes";

/** Charts.ChartType: members are enum values, printed as their names. */
export const CHART_TYPES = {
  AREA: "AREA",
  BAR: "BAR",
  COLUMN: "COLUMN",
  COMBO: "COMBO",
  HISTOGRAM: "HISTOGRAM",
  LINE: "LINE",
  PIE: "PIE",
  SCATTER: "SCATTER",
  STEPPED_AREA: "STEPPED_AREA",
  TABLE: "TABLE",
} as const;

/** What EmbeddedChartBuilder.build() returns: the chart, not yet on the sheet. */
export class FakeEmbeddedChart {
  constructor(
    readonly sheet: FakeSheet,
    readonly type: string,
    private readonly ranges: readonly FakeRange[],
    readonly numHeaders: number,
    readonly position: { row: number; column: number; offsetX: number; offsetY: number },
    private readonly options: ReadonlyMap<string, unknown>,
  ) {}
  getRanges(): FakeRange[] {
    return [...this.ranges];
  }
  getOptions(): { get(option: string): unknown } {
    return { get: (option) => this.options.get(option) ?? null };
  }
  getContainerInfo(): { getAnchorRow(): number; getAnchorColumn(): number } {
    return { getAnchorRow: () => this.position.row, getAnchorColumn: () => this.position.column };
  }
}

/**
 * Sheet.newChart(): every setter chains; build() needs a chart type and at least one range,
 * and (this fake's rule, stricter than Sheets) every range on the chart's own sheet.
 */
export class FakeChartBuilder {
  private type: string | null = null;
  private readonly ranges: FakeRange[] = [];
  private headers = -1;
  private position = { row: 1, column: 1, offsetX: 0, offsetY: 0 };
  private readonly options = new Map<string, unknown>();
  constructor(private readonly sheet: FakeSheet) {}
  setChartType(type: unknown): this {
    if (!Object.values(CHART_TYPES).includes(type as never))
      throw new Error(`Exception: Invalid argument: type (${String(type)})`);
    this.type = type as string;
    return this;
  }
  addRange(range: FakeRange): this {
    if (!(range instanceof FakeRange)) throw new Error("Exception: Invalid argument: range");
    if (range.getSheet() !== this.sheet)
      throw new Error("Exception: The chart's ranges must be on the chart's sheet.");
    if (!this.ranges.some((r) => r.getA1Notation() === range.getA1Notation()))
      this.ranges.push(range);
    return this;
  }
  setNumHeaders(headers: number): this {
    if (!Number.isInteger(headers) || headers < -1)
      throw new Error("Exception: Invalid argument: headers");
    this.headers = headers;
    return this;
  }
  setPosition(row: number, column: number, offsetX: number, offsetY: number): this {
    if (![row, column].every((n) => Number.isInteger(n) && n >= 1))
      throw new Error(
        "Exception: The coordinates of the range are outside the dimensions of the sheet.",
      );
    this.position = { row, column, offsetX, offsetY };
    return this;
  }
  setOption(option: string, value: unknown): this {
    this.options.set(option, value);
    return this;
  }
  build(): FakeEmbeddedChart {
    if (this.type === null) throw new Error("Exception: The chart type must be set.");
    if (this.ranges.length === 0) throw new Error("Exception: The chart has no data.");
    return new FakeEmbeddedChart(
      this.sheet,
      this.type,
      this.ranges,
      this.headers,
      this.position,
      new Map(this.options),
    );
  }
}
