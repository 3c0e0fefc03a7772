/**
 * An import (or a managed table's refresh: the same import into its own sheet) as a job:
 *   pages   one page a unit, fetched fresh and staged where it belongs (importSteps.ts)
 *   commit  the staged table into its sheet, whole or merged by id; cells the seller changed
 *           by hand are asked about first (kept when nobody is there to ask)
 *   log     the refresh log's row, and a snapshot where the saved import asks for one
 *   clean   the staging dropped
 * Before any page, a sheet holding data no import wrote is asked about: replace it, or import
 * into a new sheet beside it. The target is untouched until the commit.
 */
import {
  describeImport,
  definitionProblem,
  type ImportDefinition,
} from "../../imports/definitions";
import { IMPORT_PAGE_SIZE, firstState, stepCall, type ImportState } from "../../imports/plan";
import { isRecord } from "../../core/shape";
import type { Program } from "../../core/effects";
import { keepSnapshot } from "../history";
import { editedQuestion, replaceQuestion } from "../importQuestions";
import { io, type Op } from "../op";
import { commitImport, failedOnPage, importTarget, logImport, stagePage } from "../importSteps";
import type { ImportResult } from "../views";
import type { JobKind, StepContext, StepEnd } from "./jobKind";
import type { SidebarPorts } from "../ports";
import { isPassing } from "./passing";
import { isWaitingForQuota } from "../../core/schedule/waiting";
import { MAX_BATCH_IDS } from "../../api/endpoints";

/** What an import job is asked to do. */
export interface ImportAsk {
  readonly def: ImportDefinition;
  /** A saved import's refresh (menu, daily): its sheet is its own, edits are kept. */
  readonly saved?: boolean;
}

/** An import's checkpoint (plain JSON; its rows wait in the host's stage, not here). */
export interface ImportJobState {
  /** The definition as it runs (into a new sheet when the seller kept their data). */
  def: ImportDefinition;
  readonly saved: boolean;
  readonly token: string;
  opened: boolean;
  stage: "pages" | "commit" | "log" | "clean";
  state: ImportState;
  replace: boolean;
  /** The target's data no import wrote, and the free sheet beside it (the question's). */
  readonly newSheetName: string;
  edits: "keep" | "overwrite" | null;
  result: ImportResult | null;
  /**
   * "All products": the shop's products in all, from the offset list's page metadata (A11,
   * B12) asked once after a first page that is not the last (A7 and B7 give no total): the
   * plan counts every page. Absent: not asked yet; null: the API gave no total.
   */
  count?: number | null;
}

/**
 * The offset list of the same products, the same window and basis, that says how many there
 * are (spec 2.3: totalItems): one request of one row, counted in the plan.
 */
const COUNT_LIST: Readonly<Record<string, string>> = { A7: "A11", B7: "B12" };

/** Products in all from an offset page's metadata, or null. */
function totalOf(data: unknown): number | null {
  if (!isRecord(data)) return null;
  if (typeof data.totalItems === "number") return data.totalItems;
  // Pages of one row: as many pages as products.
  return typeof data.totalPages === "number" ? data.totalPages : null;
}

/** The cursor list's pages in all once its products are counted, or null (not known). */
function pagesOf(s: ImportJobState): number | null {
  if (typeof s.count !== "number") return null;
  const wanted = Math.min(s.count, s.def.options?.limit ?? Infinity);
  return Math.max(1, Math.ceil(wanted / (s.state.pageSize ?? IMPORT_PAGE_SIZE)));
}

/** A staging token: a few letters and digits, nothing a sheet name could abuse. */
const tokenOf = (now: number): string =>
  `${now.toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** The count request of a cursor list (null: none offered, or no total in its answer). */
function* countOf(p: SidebarPorts, s: ImportJobState, ctx: StepContext): Op<number | null> {
  if (s.def.kind !== "allProducts") return null;
  const c = stepCall(s.def, s.state, yield* io(() => p.basis()));
  const endpoint = COUNT_LIST[c.endpoint];
  if (!endpoint) return null;
  const { cursorRtProductId: _cursor, pageSize: _size, ...same } = c.params;
  try {
    return totalOf(yield* ctx.ask(endpoint, { ...same, page: 0, pageSize: 1 }));
  } catch (e) {
    // A count the API refuses leaves the plan page by page; a passing stop asks it again.
    if (isPassing(e)) throw e;
    return null;
  }
}

export const importJob: JobKind<ImportAsk, ImportJobState> = {
  // Two pages (1,000 rows) a step: the sidebar's line moves as they come.
  perStep: 2,
  *begin(p, input, unattended) {
    const problem = definitionProblem(input.def);
    if (problem) throw new Error(problem);
    const saved = input.saved === true;
    const where = saved ? null : yield* importTarget(p, input.def);
    const state: ImportJobState = {
      def: input.def,
      saved,
      token: tokenOf(p.now()),
      opened: false,
      stage: "pages",
      state: firstState(input.def),
      replace: false,
      newSheetName: where?.newSheetName ?? input.def.sheetName,
      edits: saved || unattended ? "keep" : null,
      result: null,
    };
    // The seller's own data is replaced only on their word; the safe answer is a new sheet.
    const ask = where?.othersData && !unattended ? replaceQuestion(where) : null;
    if (where?.othersData && !ask) state.def = { ...input.def, sheetName: where.newSheetName };
    return {
      state,
      title: describeImport(input.def),
      sheet: input.def.sheetName,
      ...(ask ? { question: { text: ask[0], answers: ask[1] } } : {}),
    };
  },

  // eslint-disable-next-line require-yield -- a kind's answer is an Op; this one reads nothing
  *answer(_p, s, yes) {
    if (s.stage === "commit") s.edits = yes ? "overwrite" : "keep";
    else if (yes) s.replace = true;
    else s.def = { ...s.def, sheetName: s.newSheetName };
    return null;
  },

  *step(p, s, ctx): Op<StepEnd> {
    if (s.stage === "pages") {
      if (!s.opened) {
        yield* io(() => p.stage.open(s.token));
        s.opened = true;
      }
      const run = function* <T>(program: Program<T>): Op<T> {
        return yield* ctx.run(program);
      };
      while (!s.state.done && (yield* ctx.more())) {
        try {
          s.state = yield* stagePage(p, s.token, s.def, s.state, run);
          if (!s.state.done && s.count === undefined) s.count = yield* countOf(p, s, ctx);
        } catch (e) {
          // A stop the job waits out says so too: its line shows where, why, and that the
          // sheet keeps its data while it waits (the quota's own wait says its own words).
          if (isWaitingForQuota(e)) throw e;
          throw failedOnPage(e, s.state.pagesDone + 1, isPassing(e));
        }
      }
      if (s.state.done) s.stage = "commit";
      return { kind: "more" };
    }
    if (s.stage === "commit") {
      const choice = {
        saved: s.saved,
        show: !ctx.unattended && !s.saved,
        replace: s.replace,
        ...(s.edits ? { edits: s.edits } : {}),
      };
      const result = yield* commitImport(p, s.token, s.def, s.state, choice);
      if (result.written === false && result.edited) {
        const [text, answers] = editedQuestion(s.def.sheetName, result.edited);
        return { kind: "ask", question: { text, answers } };
      }
      [s.result, s.stage] = [result, "log"];
      return { kind: "more" };
    }
    if (s.stage === "log") {
      yield* logImport(p, s.def, s.state, s.result as ImportResult, s.saved);
      // After the table is written: a snapshot that fails leaves the refresh done.
      if (s.saved && s.def.options?.snapshot === true) {
        try {
          yield* keepSnapshot(p, s.def.sheetName);
        } catch {
          // Its message was the daily run's note before; the log keeps the refresh.
        }
      }
      s.stage = "clean";
      return { kind: "more" };
    }
    yield* io(() => p.stage.drop(s.token));
    return { kind: "done", result: s.result };
  },

  left(s) {
    const st = s.state;
    // Chosen products are one answer the driver asks in batches of the endpoint's 100 ids:
    // each batch is a request (2,000 C ids: 20), known before any is sent.
    const batches = s.def.kind === "productList";
    // A cursor list: every page once its products are counted (its first page, then the
    // count, before); its last page may come later than counted (products added meanwhile).
    const counted = pagesOf(s);
    const cursorList = s.def.kind === "allProducts" && s.count !== null;
    const pages =
      s.stage !== "pages"
        ? 0
        : batches
          ? Math.ceil((s.def.productIds?.length ?? 0) / MAX_BATCH_IDS)
          : counted !== null
            ? Math.max(1, counted - st.pagesDone)
            : st.totalPages !== null
              ? st.totalPages - st.pagesDone
              : cursorList && st.pagesDone === 0
                ? 2
                : 1;
    const writes = { pages: 3, commit: 3, log: 2, clean: 1 }[s.stage];
    const rows =
      counted !== null && s.stage === "pages"
        ? Math.min(s.count as number, s.def.options?.limit ?? Infinity)
        : st.totalPages !== null && st.pagesDone > 0
          ? Math.round((st.rowsSoFar / st.pagesDone) * st.totalPages)
          : st.rowsSoFar;
    const written = s.stage === "pages" || s.stage === "commit" ? 0 : st.rowsSoFar;
    return {
      requests: pages,
      writes,
      rows,
      rowsWritten: written,
      // A cursor list is planned once counted; one the API gave no total for, after a page.
      planned: batches || counted !== null || (st.pagesDone > 0 && !(cursorList && !st.done)),
      committed: s.stage === "log" || s.stage === "clean",
    };
  },

  doing(s) {
    const st = s.state;
    const total = pagesOf(s) ?? st.totalPages;
    const of = total !== null ? ` of ${Math.max(total, st.pagesDone + 1)}` : "";
    const staged = `${st.rowsSoFar.toLocaleString("en-US")} rows staged`;
    if (s.stage === "pages" && s.def.kind === "allProducts" && st.pagesDone > 0 && total === null)
      return s.count === undefined
        ? `counting the shop's products (${staged})`
        : `asking page ${st.pagesDone + 1} (${staged}; the API gives no total: more pages may come)`;
    if (s.stage === "pages") return `asking page ${st.pagesDone + 1}${of} (${staged})`;
    if (s.stage === "commit")
      return `writing ${st.rowsSoFar.toLocaleString("en-US")} rows to ${s.def.sheetName}`;
    return s.stage === "log" ? "writing the refresh log" : "dropping the staging";
  },

  *drop(p, s) {
    // The target was never touched before the commit; the staging goes.
    if (s.opened) yield* io(() => p.stage.drop(s.token));
  },
};
