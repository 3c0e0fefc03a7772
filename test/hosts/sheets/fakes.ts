/**
 * Fakes of the Apps Script services the add-on uses, keeping Google's limits: CacheService
 * (250-char keys, 100 KB values, 6 h TTL, 10 min default), PropertiesService (9 KB a value,
 * 500 KB a store), LockService, Utilities.sleep on a fake clock, UrlFetchApp over real
 * synchronous HTTP, SpreadsheetApp.setValues turning "=..." into formulas.
 */
import type { SyncHttp, SyncResponse } from "./syncHttp";

/** A clock the fakes and the add-on share; sleep advances it. */
export class FakeClock {
  constructor(public ms = Date.UTC(2025, 5, 30, 9, 0, 0)) {}
  now(): number {
    return this.ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

const utf8 = (s: string): number => Buffer.byteLength(s, "utf8");

/** CacheService keeps about 1,000 items; beyond that the oldest writes go first. */
export const CACHE_ITEM_CAP = 1000;

export class FakeCache {
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();
  /** Items pushed out by the cap so far. */
  evicted = 0;
  constructor(private readonly clock: FakeClock) {}

  private check(key: string, value: string, ttl: number | undefined): number {
    if (key.length > 250) throw new Error("Argument too large: key");
    if (utf8(value) > 100 * 1024) throw new Error("Argument too large: value");
    const seconds = ttl ?? 600;
    if (seconds > 21600) throw new Error("Invalid argument: expirationInSeconds");
    return seconds;
  }
  get(key: string): string | null {
    const e = this.entries.get(key);
    if (!e || e.expiresAt <= this.clock.now()) return null;
    return e.value;
  }
  getAll(keys: string[]): Record<string, string> {
    const out: Record<string, string> = {};
    for (const k of keys) {
      const v = this.get(k);
      if (v !== null) out[k] = v;
    }
    return out;
  }
  put(key: string, value: string, ttl?: number): void {
    const seconds = this.check(key, value, ttl);
    this.entries.delete(key); // a rewrite counts as the newest item
    this.entries.set(key, { value, expiresAt: this.clock.now() + seconds * 1000 });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= CACHE_ITEM_CAP) break;
      this.entries.delete(oldest);
      this.evicted++;
    }
  }
  putAll(values: Record<string, string>, ttl?: number): void {
    for (const [k, v] of Object.entries(values)) this.put(k, v, ttl);
  }
  remove(key: string): void {
    this.entries.delete(key);
  }
  keys(): string[] {
    return [...this.entries.keys()];
  }
  values(): string[] {
    return [...this.entries.values()].map((e) => e.value);
  }
}

export class FakeProperties {
  readonly map = new Map<string, string>();
  getProperty(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  setProperty(key: string, value: string): this {
    if (utf8(value) > 9 * 1024) throw new Error("Argument too large: value");
    const total =
      [...this.map].reduce((n, [k, v]) => n + (k === key ? 0 : utf8(k) + utf8(v)), 0) +
      utf8(key) +
      utf8(value);
    if (total > 500 * 1024) throw new Error("You have exceeded the property storage quota");
    this.map.set(key, value);
    return this;
  }
  deleteProperty(key: string): this {
    this.map.delete(key);
    return this;
  }
}

export class FakeLock {
  held = false;
  acquisitions = 0;
  tryLock(_timeout: number): boolean {
    if (this.held) return false;
    this.held = true;
    this.acquisitions++;
    return true;
  }
  releaseLock(): void {
    this.held = false;
  }
}

/** One request as UrlFetchApp saw it. */
export interface LoggedRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly payload?: string;
  readonly at: number;
}

interface FetchParams {
  method?: string;
  headers?: Record<string, string>;
  payload?: string;
  contentType?: string;
  muteHttpExceptions?: boolean;
}

class FakeHttpResponse {
  constructor(
    private readonly r: { status: number; headers: Record<string, string>; body: string },
  ) {}
  getResponseCode(): number {
    return this.r.status;
  }
  getContentText(): string {
    return this.r.body;
  }
  getAllHeaders(): Record<string, string> {
    return this.r.headers;
  }
}

export class FakeUrlFetchApp {
  readonly log: LoggedRequest[] = [];
  constructor(
    private readonly http: SyncHttp,
    private readonly clock: FakeClock,
  ) {}

  private toRequest(url: string, p: FetchParams) {
    if (!p.muteHttpExceptions) throw new Error("harness: the add-on must set muteHttpExceptions");
    const headers = { ...(p.headers ?? {}) };
    if (p.payload !== undefined)
      headers["content-type"] = p.contentType ?? "application/x-www-form-urlencoded";
    this.log.push({
      url,
      method: (p.method ?? "get").toUpperCase(),
      headers,
      ...(p.payload !== undefined ? { payload: p.payload } : {}),
      at: this.clock.now(),
    });
    return {
      url,
      method: (p.method ?? "get").toUpperCase(),
      headers,
      ...(p.payload !== undefined ? { body: p.payload } : {}),
    };
  }
  private answer(r: SyncResponse, url: string): FakeHttpResponse {
    // UrlFetchApp throws on DNS/connection failures even with muteHttpExceptions.
    if ("error" in r) throw new Error(`Address unavailable: ${url}`);
    return new FakeHttpResponse(r);
  }
  fetch(url: string, params: FetchParams = {}): FakeHttpResponse {
    const [r] = this.http.fetchAll([this.toRequest(url, params)]);
    return this.answer(r ?? { error: "no answer" }, url);
  }
  fetchAll(requests: Array<FetchParams & { url: string }>): FakeHttpResponse[] {
    const answers = this.http.fetchAll(requests.map((r) => this.toRequest(r.url, r)));
    return answers.map((r, i) => this.answer(r, requests[i]?.url ?? ""));
  }
}

export class FakeRange {
  written: unknown[][] = [];
  formulas: string[] = [];
  constructor(
    readonly row: number,
    readonly column: number,
  ) {}
  getRow(): number {
    return this.row;
  }
  getColumn(): number {
    return this.column;
  }
  getA1Notation(): string {
    return `${String.fromCharCode(64 + this.column)}${this.row}`;
  }
  setValues(values: unknown[][]): this {
    // Sheets parses strings as if typed: "=..." becomes a formula.
    for (const row of values)
      for (const v of row) if (typeof v === "string" && v.startsWith("=")) this.formulas.push(v);
    this.written = values;
    return this;
  }
}

export class FakeSheet {
  readonly ranges: FakeRange[] = [];
  constructor(readonly name: string) {}
  getName(): string {
    return this.name;
  }
  getRange(row: number, column: number): FakeRange {
    const r = new FakeRange(row, column);
    this.ranges.push(r);
    return r;
  }
}

export class FakeUi {
  menu: Array<[string, string]> = [];
  sidebars: unknown[] = [];
  dialogs: unknown[] = [];
  createAddonMenu() {
    const items = this.menu;
    const m = {
      addItem(caption: string, fn: string) {
        items.push([caption, fn]);
        return m;
      },
      addSeparator() {
        return m;
      },
      addToUi() {},
    };
    return m;
  }
  showSidebar(o: unknown): void {
    this.sidebars.push(o);
  }
  showModalDialog(o: unknown): void {
    this.dialogs.push(o);
  }
}

class FakeHtmlOutput {
  title = "";
  constructor(readonly content: string) {}
  setTitle(t: string): this {
    this.title = t;
    return this;
  }
}

export function fakeHtmlService(files: Record<string, string>) {
  return {
    createHtmlOutputFromFile: (name: string) => {
      const content = files[name];
      if (content === undefined) throw new Error(`No HTML file named ${name}`);
      return new FakeHtmlOutput(content);
    },
    createHtmlOutput: (html: string) => new FakeHtmlOutput(html),
  };
}
