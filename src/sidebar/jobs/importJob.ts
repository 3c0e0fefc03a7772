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
import { firstState, type ImportState } from "../../imports/plan";
import type { Program } from "../../core/effects";
import { keepSnapshot } from "../history";
import { editedQuestion, replaceQuestion } from "../importQuestions";
import { io, type Op } from "../op";
import { commitImport, failedOnPage, importTarget, logImport, stagePage } from "../importSteps";
import type { ImportResult } from "../views";
import type { JobKind, StepEnd } from "./jobKind";
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
}

/** A staging token: a few letters and digits, nothing a sheet name could abuse. */
const tokenOf = (now: number): string =>
  `${now.toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

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
    const pages =
      s.stage !== "pages"
        ? 0
        : batches
          ? Math.ceil((s.def.productIds?.length ?? 0) / MAX_BATCH_IDS)
          : st.totalPages !== null
            ? st.totalPages - st.pagesDone
            : 1;
    const writes = { pages: 3, commit: 3, log: 2, clean: 1 }[s.stage];
    const rows =
      st.totalPages !== null && st.pagesDone > 0
        ? Math.round((st.rowsSoFar / st.pagesDone) * st.totalPages)
        : st.rowsSoFar;
    const written = s.stage === "pages" || s.stage === "commit" ? 0 : st.rowsSoFar;
    return {
      requests: pages,
      writes,
      rows,
      rowsWritten: written,
      planned: batches || st.pagesDone > 0,
      committed: s.stage === "log" || s.stage === "clean",
    };
  },

  doing(s) {
    const st = s.state;
    const of = st.totalPages !== null ? ` of ${st.totalPages}` : "";
    if (s.stage === "pages")
      return `asking page ${st.pagesDone + 1}${of} (${st.rowsSoFar.toLocaleString("en-US")} rows staged)`;
    if (s.stage === "commit")
      return `writing ${st.rowsSoFar.toLocaleString("en-US")} rows to ${s.def.sheetName}`;
    return s.stage === "log" ? "writing the refresh log" : "dropping the staging";
  },

  *drop(p, s) {
    // The target was never touched before the commit; the staging goes.
    if (s.opened) yield* io(() => p.stage.drop(s.token));
  },
};
