/**
 * The host side of every Apps Script call an execution makes, with Sheets' rules:
 * - a custom function may read (cells, caches, properties, locks, HTTP) but any write, flush,
 *   UI, trigger or openById throws "You do not have permission to call ..."; its user
 *   properties are the spreadsheet OWNER's;
 * - other executions' spreadsheet writes stay pending (their own reads see them) until
 *   `SpreadsheetApp.flush()` or the end of the execution commits them (commit.ts decides what
 *   that re-runs);
 * - a lock has one holder; waiters are served in order, or time out.
 */
import { boxA1, parseBox, type Box } from "./a1";
import { contentOfValue, LOADING_TEXT, type CellValue, type Content, type SimRule } from "./book";
import { formulaFromR1C1, formulaR1C1 } from "./formula";
import type { HostState, SimDoc, SimLock, TriggerRecord } from "./hostState";
import type { ExecutionKind, HttpAnswer, HttpRequestSpec, RangeHandle } from "./protocol";
import { triggerCalls } from "./triggerCalls";

/** An execution as the handlers see it. */
export interface ExecRecord {
  readonly id: number;
  readonly kind: ExecutionKind;
  /** Whose user properties/cache/lock it uses (the owner's for a custom function). */
  readonly user: string;
  readonly doc: SimDoc | null;
  /** Writes not yet committed, per document: "sheet\u0000row,col" -> content (null clears). */
  readonly pending: Map<string, Map<string, Content | null>>;
  readonly locks: Set<SimLock>;
  /** A clock trigger's run: the document its trigger was made in. */
  readonly clockDoc?: string | undefined;
}

export type CallResult =
  | { readonly value: unknown }
  | { readonly error: string }
  | { readonly later: (reply: (r: { value: unknown } | { error: string }) => void) => void };

/** What handlers need from the coordinator. */
export interface HandlerContext {
  readonly state: HostState;
  now(): number;
  /** Run `fn` at now + ms on the simulated clock; returns a cancel function. */
  after(ms: number, fn: () => void): () => void;
  /** Send requests to the server (they arrive now); answers come at the reply time. */
  http(specs: readonly HttpRequestSpec[], exec: ExecRecord): Promise<HttpAnswer[]>;
  /** Commit an execution's pending writes (flush). */
  commit(exec: ExecRecord): void;
  /** Release a lock and hand it to the next waiter. */
  release(lock: SimLock, exec: ExecRecord): void;
  /** Schedule a clock trigger's next firing. */
  armClock(trigger: TriggerRecord): void;
  /** The simulator's seeded random source. */
  random(): number;
}

type Handler = (ctx: HandlerContext, exec: ExecRecord, args: readonly unknown[]) => CallResult;

const CUSTOM_FUNCTION_MAY =
  /^(UrlFetchApp\.|Cache\.|Utilities\.|Session\.|Lock\.|Range\.(get)|Sheet\.(getLast|isSheetHidden)|Spreadsheet\.(get))|^Properties\.(getProperty|getProperties|getKeys)$/;

const ok = (value: unknown): CallResult => ({ value: value === undefined ? null : value });

function docOf(ctx: HandlerContext, exec: ExecRecord, id: unknown): SimDoc {
  const doc = ctx.state.docs.get(String(id));
  if (!doc || (exec.doc?.book.id !== doc.book.id && !doc.canOpen(exec.user)))
    throw new Error("You do not have permission to access the requested document.");
  return doc;
}

const cellKey = (sheet: string, row: number, col: number): string => `${sheet}\u0000${row},${col}`;

function pendingOf(exec: ExecRecord, doc: SimDoc): Map<string, Content | null> {
  let p = exec.pending.get(doc.book.id);
  if (!p) {
    p = new Map();
    exec.pending.set(doc.book.id, p);
  }
  return p;
}

/** Reads see the execution's own pending writes. */
function readCells(
  ctx: HandlerContext,
  exec: ExecRecord,
  h: RangeHandle,
  what: string,
): unknown[][] {
  const doc = docOf(ctx, exec, h.doc);
  const book = doc.book;
  const box: Box = h;
  const pending = exec.pending.get(doc.book.id);
  const committed =
    what === "getFormulas" || what === "getFormulasR1C1"
      ? book.formulas(box)
      : what === "getDisplayValues"
        ? book.displayValues(box)
        : what === "getNotes"
          ? book.grid(box, (r, c) => book.sheet(box.sheet).notes.get(`${r},${c}`) ?? "")
          : what === "getNumberFormats"
            ? book.grid(
                box,
                (r, c) => book.sheet(box.sheet).formats.get(`${r},${c}`) ?? book.automaticFormat,
              )
            : book.values(box);
  return committed.map((row, i) =>
    row.map((v, j) => {
      const r = h.row + i;
      const c = h.col + j;
      const mine = pending?.get(cellKey(h.sheet, r, c));
      let out: unknown = v;
      if (mine !== undefined && what !== "getNotes" && what !== "getNumberFormats") {
        const formula = mine && "formula" in mine ? mine.formula : "";
        if (what === "getFormulas" || what === "getFormulasR1C1") out = formula;
        else if (!mine) out = "";
        else if ("value" in mine)
          out = what === "getDisplayValues" ? String(mine.value) : mine.value;
        else if (formula !== book.sheet(h.sheet).cell(r, c)?.formula) out = LOADING_TEXT;
      }
      return what === "getFormulasR1C1" && typeof out === "string" && out !== ""
        ? formulaR1C1(out, r, c)
        : out;
    }),
  );
}

function writeCells(
  ctx: HandlerContext,
  exec: ExecRecord,
  h: RangeHandle,
  what: string,
  grid: unknown,
): CallResult {
  const doc = docOf(ctx, exec, h.doc);
  const tab = doc.book.sheet(h.sheet);
  if (what === "clearContent") {
    const p = pendingOf(exec, doc);
    doc.book.grid(h, (r, c) => p.set(cellKey(h.sheet, r, c), null));
    return ok(null);
  }
  const rows = grid as unknown[][];
  if (!Array.isArray(rows) || rows.length !== h.rows)
    throw new Error(
      `The number of rows in the data does not match the number of rows in the range. The data has ${Array.isArray(rows) ? rows.length : 0} but the range has ${h.rows}.`,
    );
  for (const r of rows)
    if (!Array.isArray(r) || r.length !== h.cols)
      throw new Error(
        `The number of columns in the data does not match the number of columns in the range. The data has ${Array.isArray(r) ? r.length : 0} but the range has ${h.cols}.`,
      );
  if (what === "setNumberFormats" || what === "setNotes") {
    const map = what === "setNotes" ? tab.notes : tab.formats;
    rows.forEach((r, i) => r.forEach((v, j) => map.set(`${h.row + i},${h.col + j}`, String(v))));
    return ok(null);
  }
  if (what === "setFormulasR1C1") throw new Error("sim: Range.setFormulasR1C1 is not modelled");
  const p = pendingOf(exec, doc);
  rows.forEach((r, i) =>
    r.forEach((v, j) => {
      const content =
        what === "setFormulas"
          ? v === "" || v === null
            ? null
            : contentOfValue(String(v).startsWith("=") ? String(v) : v)
          : contentOfValue(v as CellValue, tab.formats.get(`${h.row + i},${h.col + j}`));
      p.set(cellKey(h.sheet, h.row + i, h.col + j), content);
    }),
  );
  return ok(null);
}

function lockFor(ctx: HandlerContext, exec: ExecRecord, scope: unknown): SimLock {
  if (scope === "script") return ctx.state.scriptLock;
  if (scope === "user") return ctx.state.user(exec.user).lock;
  if (!exec.doc) throw new Error("sim: no document lock without a document");
  return exec.doc.lock;
}

function tryLock(ctx: HandlerContext, exec: ExecRecord, args: readonly unknown[]): CallResult {
  const lock = lockFor(ctx, exec, args[0]);
  const waitMs = Math.max(0, Number(args[1] ?? 0));
  if (lock.holder === exec.id) return ok(true);
  if (lock.holder === null) {
    lock.holder = exec.id;
    exec.locks.add(lock);
    return ok(true);
  }
  if (waitMs === 0) return ok(false);
  return {
    later: (reply) => {
      const waiter = {
        exec: exec.id,
        grant: () => {
          cancel();
          exec.locks.add(lock);
          reply({ value: true });
        },
      };
      lock.waiters.push(waiter);
      const cancel = ctx.after(waitMs, () => {
        const at = lock.waiters.indexOf(waiter);
        if (at >= 0) lock.waiters.splice(at, 1);
        reply({ value: false });
      });
    },
  };
}

function cacheFor(ctx: HandlerContext, exec: ExecRecord, scope: unknown) {
  if (scope === "script") return ctx.state.scriptCache;
  if (scope === "user") return ctx.state.user(exec.user).cache;
  if (!exec.doc) throw new Error("sim: no document cache without a document");
  return exec.doc.cache;
}

function propsFor(ctx: HandlerContext, exec: ExecRecord, scope: unknown) {
  if (scope === "script") return ctx.state.scriptProperties;
  if (scope === "user") return ctx.state.user(exec.user).properties;
  if (!exec.doc) throw new Error("sim: no document properties without a document");
  return exec.doc.properties;
}

const HANDLERS: Record<string, Handler> = {
  "UrlFetchApp.fetchAll": (ctx, exec, [specs]) => {
    const list = specs as HttpRequestSpec[];
    for (const s of list)
      if (s.url.length > 2082) throw new Error("Limit Exceeded: URLFetch URL Length.");
    const u = ctx.state.user(exec.user);
    if (u.urlFetchesToday + list.length > 20_000)
      throw new Error("Service invoked too many times for one day: urlfetch.");
    u.urlFetchesToday += list.length;
    return {
      later: (reply) => void ctx.http(list, exec).then((answers) => reply({ value: answers })),
    };
  },
  "Utilities.sleep": (ctx, _exec, [ms]) => {
    const wait = Number(ms);
    if (!(wait >= 0) || wait > 300_000) throw new Error("Invalid argument: milliseconds");
    return { later: (reply) => void ctx.after(wait, () => reply({ value: null })) };
  },
  "Session.getActiveUser": (_ctx, exec) => ok(exec.kind === "custom" ? "" : exec.user),
  "Session.getEffectiveUser": (_ctx, exec) => ok(exec.user),
  "Cache.get": (ctx, exec, [s, k]) => ok(cacheFor(ctx, exec, s).get(String(k))),
  "Cache.getAll": (ctx, exec, [s, keys]) => ok(cacheFor(ctx, exec, s).getAll(keys as string[])),
  "Cache.put": (ctx, exec, [s, k, v, ttl]) =>
    ok(
      cacheFor(ctx, exec, s).put(String(k), String(v), ttl === null ? undefined : (ttl as number)),
    ),
  "Cache.putAll": (ctx, exec, [s, values, ttl]) =>
    ok(
      cacheFor(ctx, exec, s).putAll(
        values as Record<string, string>,
        ttl === null ? undefined : (ttl as number),
      ),
    ),
  "Cache.remove": (ctx, exec, [s, k]) => ok(cacheFor(ctx, exec, s).remove(String(k))),
  "Cache.removeAll": (ctx, exec, [s, keys]) =>
    ok((keys as string[]).forEach((k) => cacheFor(ctx, exec, s).remove(k))),
  "Properties.getProperty": (ctx, exec, [s, k]) =>
    ok(propsFor(ctx, exec, s).getProperty(String(k))),
  "Properties.setProperty": (ctx, exec, [s, k, v]) =>
    ok(void propsFor(ctx, exec, s).setProperty(String(k), String(v))),
  "Properties.deleteProperty": (ctx, exec, [s, k]) =>
    ok(void propsFor(ctx, exec, s).deleteProperty(String(k))),
  "Properties.getProperties": (ctx, exec, [s]) =>
    ok(Object.fromEntries(propsFor(ctx, exec, s).map)),
  "Properties.getKeys": (ctx, exec, [s]) => ok([...propsFor(ctx, exec, s).map.keys()]),
  "Properties.setProperties": (ctx, exec, [s, values, others]) => {
    const p = propsFor(ctx, exec, s);
    if (others === true) p.map.clear();
    for (const [k, v] of Object.entries(values as Record<string, string>))
      p.setProperty(k, String(v));
    return ok(null);
  },
  "Properties.deleteAllProperties": (ctx, exec, [s]) => ok(propsFor(ctx, exec, s).map.clear()),
  "Lock.tryLock": tryLock,
  "Lock.releaseLock": (ctx, exec, [s]) => ok(ctx.release(lockFor(ctx, exec, s), exec)),
  "Lock.hasLock": (ctx, exec, [s]) => ok(lockFor(ctx, exec, s).holder === exec.id),
  "Range.getA1Notation": (_ctx, _exec, [h]) => ok(boxA1(h as RangeHandle)),
  "Sheet.getSheetId": (ctx, exec, [d, n]) => ok(docOf(ctx, exec, d).book.sheet(String(n)).id),
  "Sheet.getLastRow": (ctx, exec, [d, n]) =>
    ok(docOf(ctx, exec, d).book.sheet(String(n)).lastRow()),
  "Sheet.getLastColumn": (ctx, exec, [d, n]) =>
    ok(docOf(ctx, exec, d).book.sheet(String(n)).lastColumn()),
  "Sheet.isSheetHidden": (ctx, exec, [d, n]) =>
    ok(docOf(ctx, exec, d).book.sheet(String(n)).hidden),
  "Sheet.clearContents": (ctx, exec, [d, n]) => {
    const doc = docOf(ctx, exec, d);
    const p = pendingOf(exec, doc);
    for (const [r, c] of doc.book.sheet(String(n)).entries()) p.set(cellKey(String(n), r, c), null);
    return ok(null);
  },
  "RangeList.clearContent": (ctx, exec, [d, n, a1s]) => {
    const doc = docOf(ctx, exec, d);
    const p = pendingOf(exec, doc);
    for (const a1 of a1s as string[]) {
      const box = parseBox(a1, String(n));
      doc.book.grid(box, (r, c) => p.set(cellKey(String(n), r, c), null));
    }
    return ok(null);
  },
  "RangeList.setFormulaR1C1": (ctx, exec, [d, n, a1s, f]) => {
    const doc = docOf(ctx, exec, d);
    const p = pendingOf(exec, doc);
    for (const a1 of a1s as string[]) {
      const box = parseBox(a1, String(n));
      // As setFormulas: "" clears a cell, text without "=" is stored as if typed.
      const text = String(f ?? "");
      doc.book.grid(box, (r, c) =>
        p.set(
          cellKey(String(n), r, c),
          text === "" ? null : contentOfValue(formulaFromR1C1(text, r, c)),
        ),
      );
    }
    return ok(null);
  },
  "Sheet.clearNotes": (ctx, exec, [d, n]) =>
    ok(docOf(ctx, exec, d).book.sheet(String(n)).notes.clear()),
  "Sheet.setFrozenRows": (ctx, exec, [d, n, rows]) =>
    ok(void (docOf(ctx, exec, d).book.sheet(String(n)).frozenRows = Number(rows))),
  // Sheet.setColumnWidth(columnPosition, width): a column of the sheet (1-based), pixels.
  "Sheet.setColumnWidth": (ctx, exec, [d, n, col, px]) => {
    const sheet = docOf(ctx, exec, d).book.sheet(String(n));
    if (!Number.isInteger(col) || Number(col) < 1 || !Number.isInteger(px) || Number(px) < 0)
      throw new Error(`Invalid argument: setColumnWidth(${String(col)}, ${String(px)})`);
    return ok(void sheet.columnWidths.set(Number(col), Number(px)));
  },
  "Sheet.hideSheet": (ctx, exec, [d, n]) =>
    ok(void (docOf(ctx, exec, d).book.sheet(String(n)).hidden = true)),
  "Sheet.showSheet": (ctx, exec, [d, n]) =>
    ok(void (docOf(ctx, exec, d).book.sheet(String(n)).hidden = false)),
  "Spreadsheet.getName": (ctx, exec, [d]) => ok(docOf(ctx, exec, d).book.name),
  "Spreadsheet.getSheets": (ctx, exec, [d]) =>
    ok(docOf(ctx, exec, d).book.sheets.map((s) => s.name)),
  "Spreadsheet.getSheetByName": (ctx, exec, [d, n]) =>
    ok(docOf(ctx, exec, d).book.findSheet(String(n))?.name ?? null),
  "Spreadsheet.getActiveSheet": (ctx, exec, [d]) => {
    const doc = docOf(ctx, exec, d);
    return ok(doc.selection.get(exec.user)?.sheet ?? doc.book.sheets[0]?.name);
  },
  "Spreadsheet.getSpreadsheetTimeZone": (ctx, exec, [d]) => ok(docOf(ctx, exec, d).book.timeZone),
  // The sheet this user sees (a script's own view of it in a run without a page).
  "Spreadsheet.setActiveSheet": (ctx, exec, [d, n]) => {
    const doc = docOf(ctx, exec, d);
    const name = doc.book.sheet(String(n)).name;
    doc.selection.set(exec.user, { sheet: name, row: 1, col: 1, rows: 1, cols: 1 });
    return ok(name);
  },
  "Sheet.getConditionalFormatRules": (ctx, exec, [d, n]) =>
    ok(docOf(ctx, exec, d).book.sheet(String(n)).rules),
  // Replaces the sheet's rules whole; a rule whose range is another sheet's is refused.
  "Sheet.setConditionalFormatRules": (ctx, exec, [d, n, rules]) => {
    const list = rules as SimRule[];
    for (const r of list) {
      if (r.ranges.length === 0) throw new Error("Exception: A rule needs at least one range.");
      if (r.ranges.some((b) => b.sheet !== String(n)))
        throw new Error(
          "Exception: The conditional format rule cannot reference a different sheet.",
        );
    }
    docOf(ctx, exec, d).book.sheet(String(n)).rules = list.map((r) => ({ ...r }));
    return ok(null);
  },
  "Spreadsheet.insertSheet": (ctx, exec, [d, n]) =>
    ok(docOf(ctx, exec, d).book.insertSheet(String(n)).name),
  // Sheets applies an execution's changes in order: writes pending to the sheet land before
  // it goes (they were committed after the delete, and threw "Sheet ... not found").
  "Spreadsheet.deleteSheet": (ctx, exec, [d, n]) => {
    ctx.commit(exec);
    return ok(docOf(ctx, exec, d).book.deleteSheet(String(n)));
  },
  // As deleteSheet: the execution's writes so far land first (Sheets applies changes in order).
  "Sheet.deleteRows": (ctx, exec, [d, n, row, count]) => {
    ctx.commit(exec);
    return ok(docOf(ctx, exec, d).book.deleteRows(String(n), Number(row), Number(count)));
  },
  "Spreadsheet.toast": (ctx, exec, [d, message]) =>
    ok(docOf(ctx, exec, d).toasts.push(String(message))),
  "SpreadsheetApp.flush": (ctx, exec) => ok(ctx.commit(exec)),
  "SpreadsheetApp.getUi": (_ctx, exec) => {
    if (!exec.doc) throw new Error("Cannot call SpreadsheetApp.getUi() from this context.");
    return ok(null);
  },
  "SpreadsheetApp.openById": (ctx, exec, [id]) => {
    const doc = ctx.state.docs.get(String(id));
    if (!doc || !doc.canOpen(exec.user))
      throw new Error(
        "Unexpected error while getting the method or property openById on object SpreadsheetApp.",
      );
    return ok({ id: doc.book.id, name: doc.book.name });
  },
  ...triggerCalls(),
};

for (const what of [
  "getValues",
  "getDisplayValues",
  "getFormulas",
  "getFormulasR1C1",
  "getNotes",
  "getNumberFormats",
])
  HANDLERS[`Range.${what}`] = (ctx, exec, [h]) => ok(readCells(ctx, exec, h as RangeHandle, what));
for (const what of [
  "setValues",
  "setFormulas",
  "setFormulasR1C1",
  "setNumberFormats",
  "setNotes",
  "clearContent",
])
  HANDLERS[`Range.${what}`] = (ctx, exec, [h, grid]) =>
    writeCells(ctx, exec, h as RangeHandle, what, grid);
for (const what of ["addMenu", "showSidebar", "showModalDialog", "alert"])
  HANDLERS[`Ui.${what}`] = (ctx, exec, args) =>
    ok(void ctx.state.ui.push({ at: ctx.now(), user: exec.user, what, detail: args }));

/** Serve one host call; throws become the error the script sees. */
export function handle(
  ctx: HandlerContext,
  exec: ExecRecord,
  name: string,
  args: readonly unknown[],
): CallResult {
  try {
    if (exec.kind === "custom" && !CUSTOM_FUNCTION_MAY.test(name)) {
      if (name === "SpreadsheetApp.getUi")
        throw new Error("Cannot call SpreadsheetApp.getUi() from this context.");
      throw new Error(`You do not have permission to call ${name}`);
    }
    const handler = HANDLERS[name];
    if (!handler) throw new Error(`sim: ${name} is not modelled`);
    return handler(ctx, exec, args);
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}
