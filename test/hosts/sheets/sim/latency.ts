/** How long Apps Script takes for what an execution does, on the simulated clock. */

/** Simulated durations (ms). */
export interface Latency {
  /** From "Sheets decides to run it" to the first line of code. */
  readonly start: number;
  readonly cache: number;
  readonly properties: number;
  readonly lock: number;
  readonly read: number;
  readonly write: number;
  readonly flush: number;
  /** A round trip to the API; the request reaches the server half way. */
  readonly http: number;
  readonly other: number;
}

/** Rough Apps Script figures: a cold start is about half a second, service calls tens of ms. */
export const DEFAULT_LATENCY: Latency = {
  start: 500,
  cache: 25,
  properties: 40,
  lock: 50,
  read: 80,
  write: 50,
  flush: 300,
  http: 250,
  other: 5,
};

/** How long one host call takes on the simulated clock. */
export function latencyOf(l: Latency, name: string): number {
  if (name.startsWith("UrlFetchApp.")) return l.http / 2;
  if (name === "SpreadsheetApp.flush") return l.flush;
  if (name.startsWith("Cache.")) return l.cache;
  if (name.startsWith("Properties.")) return l.properties;
  if (name.startsWith("Lock.")) return l.lock;
  if (name === "Utilities.sleep") return 0;
  if (/^(Range|Sheet|Spreadsheet)\.(get|is)/.test(name)) return l.read;
  if (/^(Range|Sheet|Spreadsheet)\./.test(name)) return l.write;
  return l.other;
}
