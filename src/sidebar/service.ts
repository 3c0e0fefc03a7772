/**
 * The sidebar's features, written once for every host: shops and typed-in shops, saved
 * imports, imports (staged page by page, committed at the end) and bulk rows. Each member is
 * an operation over the host's ports (ports.ts); Sheets runs them blocking inside its server
 * calls, Excel and the web demo in the page (op.ts). Long work is step-wise (an import page, a
 * batch of bulk rows): the loops that drive the steps, with progress and cancel, are the
 * client's (importLoop.ts, imports/bulk.ts).
 */
import type { Marketplace } from "../api/types";
import { apiCall, parallel } from "../core/effects";
import { listPage } from "../core/paginate";

import { CellError, type Cell } from "../core/shape";
import { messageOf } from "../core/errors";
import { isMissingShopList } from "../functions/shops";
import { answerRow, bulkFunction, bulkRowArgs, rowError, rowRetry } from "../imports/bulk";
import type { BulkJob } from "../imports/bulk";
import { definitionProblem, describeImport, type ImportDefinition } from "../imports/definitions";
import type { ImportState } from "../imports/plan";
import {
  firstState,
  headerRow,
  importTitle,
  leftOutText,
  readStep,
  stepCall,
} from "../imports/plan";
import { io, type Op } from "./op";
import { commitTable } from "./tableCommit";
import { keptCells, refreshNotes } from "./refreshNotes";
import { parseTableRecord } from "../imports/managedTable";
import { newPricingSheet, refreshPricingSheet, type PricingSheetAsk } from "./pricingSheet";
import { logFormulaRefresh, logRefresh, type CellRequests } from "./refreshLog";
import { resortTable } from "./teamTables";
import { goneRows, removeGoneRows } from "./goneRows";
import { historyChartBlock, keepSnapshot, productHistory } from "./history";
import { freezeValues, unfreezeValues } from "./freeze";
import type { SidebarPorts } from "./ports";
import { addSavedImport, parseSavedImports, removeSavedImport } from "./savedImports";
import { shopRefs } from "./shopRefs";
import { importBasis, tablesOnOtherBasis } from "./basisTables";
import { freeSheetName, keptSheetNames, parseSheetNames } from "../imports/sheetName";
import type {
  BulkAnswer,
  CommitChoice,
  ImportResult,
  ImportTarget,
  PlainCell,
  ShopListResult,
  ShopRef,
  ShopsView,
} from "./views";

const SHOP_LISTS = [
  ["A", "SHOPS_A"],
  ["B", "SHOPS_B"],
  ["C", "SHOPS_C"],
] as const;

/** A cell as google.script.run can carry it (no Date). */
const plain = (c: Cell): PlainCell => (c instanceof Date ? c.toISOString() : c);

const isShopRef = (x: unknown): x is ShopRef =>
  x !== null &&
  typeof x === "object" &&
  typeof (x as ShopRef).id === "string" &&
  typeof (x as ShopRef).marketplace === "string";

/** An import token names its staging: a few letters and digits, nothing a sheet name could abuse. */
function checkToken(token: string): void {
  if (!/^[a-z0-9]{6,32}$/.test(token)) throw new Error("Bad import token");
}

/** The service over one host's ports. */
export function createSidebarService(p: SidebarPorts) {
  function* saved(): Op<ImportDefinition[]> {
    return parseSavedImports(yield* io(() => p.savedImports.read()));
  }
  function* keep(list: ImportDefinition[]): Op<ImportDefinition[]> {
    yield* io(() => p.savedImports.write(JSON.stringify(list)));
    return list;
  }
  /** The seller's data an import into `def`'s sheet would replace ("Names!A1:D4"), or null. */
  function* othersData(def: ImportDefinition): Op<string | null> {
    const data = yield* io(() => p.stage.dataIn(def.sheetName));
    if (data === null || data.imported === true) return null;
    // A sheet the add-in keeps a table record for is its own, whatever its name was before.
    if (parseTableRecord(yield* io(() => p.tables.readRecord(def.sheetName)))) return null;
    const name = def.sheetName.toLowerCase();
    const ours = (n: string): boolean => n.toLowerCase() === name;
    // The sheet's own mark decides where the host has one: a sheet the seller made under an
    // import's old name is theirs. The list of import sheets stands in where it has none.
    const owned =
      (data.imported === null &&
        parseSheetNames(yield* io(() => p.importedSheets.read())).some(ours)) ||
      (yield* saved()).some((d) => ours(d.sheetName));
    return owned ? null : data.address;
  }
  /** The import's sheet, the seller's data in it, and a free name beside it (told at begin). */
  function* target(def: ImportDefinition): Op<ImportTarget> {
    const data = yield* othersData(def);
    return {
      sheetName: def.sheetName,
      othersData: data,
      newSheetName: data
        ? freeSheetName(def.sheetName, yield* io(() => p.stage.sheetNames()))
        : def.sheetName,
    };
  }
  function* typed(): Op<ShopRef[]> {
    try {
      const list: unknown = JSON.parse((yield* io(() => p.typedShops.read())) ?? "[]");
      return Array.isArray(list) ? list.filter(isShopRef) : [];
    } catch {
      return [];
    }
  }

  const service = {
    /**
     * The three shop lists, fetched in parallel, each settling alone: the B and C lists are
     * reference-server extensions, so another API's 404 there means "type ids in".
     */
    *shopLists(): Op<ShopListResult[]> {
      const outcomes = yield* io(() =>
        p.api.run(parallel(SHOP_LISTS.map(([, endpoint]) => apiCall(endpoint, {})))),
      );
      return outcomes.map((outcome, i): ShopListResult => {
        const marketplace: Marketplace = SHOP_LISTS[i]?.[0] ?? "A";
        if (outcome.ok) return { marketplace, shops: shopRefs(marketplace, outcome.value) };
        if (isMissingShopList(marketplace, outcome.error)) return { marketplace, missing: true };
        return { marketplace, error: p.api.explain(outcome.error) };
      });
    },

    /** Every shop for the pickers, typed-in ones included; a list failing otherwise is shown. */
    *listShops(): Op<ShopsView> {
      const lists = yield* service.shopLists();
      const failed = lists.find((l) => "error" in l);
      if (failed && "error" in failed)
        throw new Error(`Shops ${failed.marketplace}: ${failed.error}`);
      return {
        shops: [...lists.flatMap((l) => ("shops" in l ? l.shops : [])), ...(yield* typed())],
        typedInOnly: lists.filter((l) => "missing" in l).map((l) => l.marketplace),
      };
    },

    /** Remember a typed-in B seller or C shop id (no secret, kept per user). */
    *rememberShop(shop: { marketplace: Marketplace; id: string; region: string }): Op<ShopRef[]> {
      const id = String(shop.id).trim();
      const region = String(shop.region).trim().toUpperCase();
      if (!/^\d+$/.test(id)) throw new Error("A shop or seller id is a whole number");
      if (!/^[A-Z]{2}$/.test(region)) throw new Error("A region is two letters such as SG");
      const list = (yield* typed()).filter(
        (s) => !(s.marketplace === shop.marketplace && s.id === id),
      );
      list.push({
        marketplace: shop.marketplace,
        id,
        region,
        name: `${shop.marketplace} ${id} (typed in)`,
        typed: true,
      });
      yield* io(() => p.typedShops.write(JSON.stringify(list)));
      return list;
    },

    listImports: saved,
    *saveImport(def: ImportDefinition): Op<ImportDefinition[]> {
      const problem = definitionProblem(def);
      if (problem) throw new Error(problem);
      // A saved import refreshes its sheet without asking (daily, on open): never the seller's.
      const taken = yield* othersData(def);
      if (taken)
        throw new Error(
          `${taken} holds data that no import wrote, and a saved import would replace it at each refresh: run it once (it asks first) or name another sheet`,
        );
      return yield* keep(addSavedImport(yield* saved(), def));
    },
    *deleteImport(id: string): Op<ImportDefinition[]> {
      return yield* keep(removeSavedImport(yield* saved(), id));
    },

    /**
     * Start an import: a fresh staging; returns its token, the first state and its target,
     * so the client can ask before a page is fetched when the sheet holds the seller's data.
     */
    *importBegin(
      def: ImportDefinition,
      how: Pick<CommitChoice, "saved"> = {},
    ): Op<{ token: string; state: ImportState; target: ImportTarget }> {
      const problem = definitionProblem(def);
      if (problem) throw new Error(problem);
      const where: ImportTarget = how.saved
        ? { sheetName: def.sheetName, othersData: null, newSheetName: def.sheetName }
        : yield* target(def);
      const token = `${p.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
      yield* io(() => p.stage.open(token));
      return { token, state: firstState(def), target: where };
    },

    /** Fetch the next page (fresh, never from the cache) and stage its rows. */
    *importPage(
      token: string,
      def: ImportDefinition,
      state: ImportState,
    ): Op<{ state: ImportState }> {
      checkToken(token);
      const c = stepCall(def, state, yield* io(() => p.basis()));
      // listPage: an API refusing our pageSize is asked with the spec's default, kept after.
      // Entries apart: readStep leaves a row out for a value out of bounds, not the page.
      const page = yield* io(() =>
        p.api.run(listPage(c.endpoint, c.params, "apart"), { fresh: true }),
      );
      const sized = page.pageSize === undefined ? state : { ...state, pageSize: page.pageSize };
      const outcome = readStep(def, sized, page.data);
      const header = state.pagesDone === 0 ? headerRow(outcome.state) : null;
      yield* io(() =>
        p.stage.append(token, {
          header,
          rows: outcome.rows,
          rowsBefore: state.rowsSoFar,
          width: Math.max(1, outcome.state.columns?.length ?? 1),
        }),
      );
      return { state: outcome.state };
    },

    /**
     * Swap the staged table into the target sheet. Data no import wrote is replaced only when
     * the seller said yes (checked again here: the sheet may have changed while pages came).
     */
    *importCommit(
      token: string,
      def: ImportDefinition,
      state: ImportState,
      choice: CommitChoice = {},
    ): Op<ImportResult> {
      checkToken(token);
      if (!state.done) throw new Error("The import has not finished: nothing was changed");
      const taken = choice.saved || choice.replace ? null : yield* othersData(def);
      if (taken) {
        throw new Error(
          `${taken} holds data that no import wrote, so nothing was written: import again and choose a new sheet, or confirm replacing it`,
        );
      }
      const importedAt = new Date(p.now()).toISOString();
      const basis = yield* io(() => p.basis());
      const stamp = yield* io(() => p.stamp(importedAt));
      const staged = {
        columns: state.columns ?? [],
        rowCount: state.rowsSoFar,
        dataFreshAt: state.dataFreshAt,
        importedAt,
        title: importTitle(def, basis),
        refreshedBy: stamp.who,
      };
      // Unattended refreshes (menu, daily) keep the seller's edits: nobody is there to ask.
      const edits = choice.edits ?? (choice.saved ? "keep" : undefined);
      const show = choice.show === true;
      const replace = choice.replace === true;
      const used = importBasis(def, basis); // kept in the record (basisTables.ts)
      const unattended = choice.saved === true;
      const done = yield* commitTable(
        p,
        token,
        def.sheetName,
        staged,
        show,
        edits,
        replace,
        used,
        unattended,
      );
      const base = {
        sheetName: def.sheetName,
        rows: state.rowsSoFar,
        dataFreshAt: state.dataFreshAt,
        importedAt,
        ...(state.leftOut && state.leftOut.count > 0 ? { leftOut: state.leftOut } : {}),
      };
      if (done.kind === "refresh" && !done.written) {
        return { ...base, written: false, edited: done.edited, changes: done.changes };
      }
      const c = done.kind === "refresh" ? done.changes : null;
      const kept = done.kind === "refresh" && edits !== "overwrite" ? done.edited : [];
      const notes = done.kind === "refresh" ? refreshNotes(done) : [];
      yield* logRefresh(p.tables, stamp, {
        what: describeImport(def),
        requests: state.pagesDone,
        rowsChanged: c ? c.updated + c.appended + c.vanished : state.rowsSoFar,
        errors: [...notes, leftOutText(state.leftOut)].filter((e) => e !== "").join(" "),
        kept: keptCells(kept),
      });
      const imported = choice.saved
        ? []
        : parseSheetNames(yield* io(() => p.importedSheets.read()));
      if (!choice.saved && !imported.some((n) => n.toLowerCase() === def.sheetName.toLowerCase())) {
        const kept = keptSheetNames([...imported, def.sheetName]);
        yield* io(() => p.importedSheets.write(JSON.stringify(kept)));
      }
      return done.kind === "refresh"
        ? {
            ...base,
            written: true,
            edited: edits === "overwrite" ? [] : done.edited,
            changes: done.changes,
            ...(notes.length > 0 ? { notes } : {}),
          }
        : base;
    },

    /**
     * Drop a staged import (failure or cancel); the target sheet was never touched. A failure
     * is written to the refresh log.
     */
    *importAbort(
      token: string,
      failure?: { def: ImportDefinition; requests: number; error: string },
    ): Op<{ ok: true }> {
      checkToken(token);
      yield* io(() => p.stage.drop(token));
      if (failure) {
        const stamp = yield* io(() => p.stamp(new Date(p.now()).toISOString()));
        yield* logRefresh(p.tables, stamp, {
          what: describeImport(failure.def),
          requests: failure.requests,
          rowsChanged: 0,
          errors: String(failure.error).slice(0, 500),
        });
      }
      return { ok: true };
    },

    /** "New pricing sheet" for a shop of any marketplace, and its Refresh (pricingSheet.ts). */
    newPricingSheet: (ask: PricingSheetAsk) => newPricingSheet(p, ask),
    tablesOnOtherBasis: () => tablesOnOtherBasis(p),
    refreshPricingSheet: (sheetName: string) => refreshPricingSheet(p, sheetName),
    /** Log a refresh of formula cells ("this sheet", 12 cells run again, requests if counted). */
    *logFormulaRefresh(scope: string, cells: number, counted?: CellRequests | null) {
      const stamp = yield* io(() => p.stamp(new Date(p.now()).toISOString()));
      const scoped = String(scope).slice(0, 80);
      yield* logFormulaRefresh(p.tables, stamp, scoped, Number(cells) || 0, counted ?? null);
    },

    /** Re-sort a managed table by profit on the seller's request (teamTables.ts). */
    *resortTable(sheetName: string) {
      return yield* resortTable(p, String(sheetName));
    },
    /** The gone rows of a managed table and the seller's cells on them, to ask (goneRows.ts). */
    *goneRows(sheetName: string) {
      return yield* goneRows(p, String(sheetName));
    },
    /** Remove the gone rows the seller was asked about and said yes to (goneRows.ts). */
    *removeGoneRows(sheetName: string, token: string) {
      return yield* removeGoneRows(p, String(sheetName), String(token));
    },
    /** Keep a dated snapshot of a table's key figures in the History sheet (history.ts). */
    *keepSnapshot(sheetName: string) {
      return yield* keepSnapshot(p, String(sheetName));
    },
    /** Freeze or unfreeze the add-in's formulas in the selection or sheet (freeze.ts). */
    *freezeValues(scope: "selection" | "sheet", unfreeze = false) {
      if (!p.formulaCells) throw new Error("Freeze values is not available in this host yet");
      const where = scope === "sheet" ? "sheet" : "selection";
      return yield* (unfreeze ? unfreezeValues : freezeValues)(p.formulaCells, where);
    },
    /** One product's snapshots written for a native chart (History chart sheet). */
    *historyChartBlock(productId: string) {
      return yield* historyChartBlock(p, String(productId));
    },
    /** One product's snapshots, for the sidebar's chart. */
    *productHistory(productId: string) {
      return yield* productHistory(p, String(productId));
    },

    /**
     * Answer input rows in order (identical rows were merged by the client). Where the host's
     * call has a time limit no new row starts past it, so the answers may cover only the first
     * rows: the client sends the rest again.
     */
    *bulkRows(job: BulkJob, rows: Cell[][]): Op<BulkAnswer[]> {
      const fn = bulkFunction(job);
      const answers: BulkAnswer[] = [];
      for (const row of rows) {
        if (answers.length > 0 && !p.moreTime()) break;
        if (row.every((c) => c === "" || c === null)) {
          answers.push({ cells: [""], failed: false });
          continue;
        }
        try {
          const raw = yield* io(() => p.api.answer(fn.name, bulkRowArgs(job, row)));
          const answer = answerRow(raw);
          const failed = raw instanceof CellError;
          answers.push({
            cells: answer.cells.map(plain),
            ...(failed ? {} : { formats: answer.formats }),
            failed,
            ...(failed ? rowRetry(raw) : {}),
            ...(answer.header && !failed ? { header: answer.header } : {}),
          });
        } catch (e) {
          answers.push({
            cells: [rowError(e)],
            failed: true,
            ...rowRetry(e),
          });
        }
      }
      return answers;
    },
  };
  return service;
}

/** The service's members and their types: the source of every bridge's names and types. */
export type SidebarService = ReturnType<typeof createSidebarService>;

/** One import start to end (Sheets' menu and daily refresh); a failure drops the staging. */
export function* importWhole(service: SidebarService, def: ImportDefinition): Op<ImportResult> {
  const begun = yield* service.importBegin(def, { saved: true });
  let done: ImportResult;
  try {
    let state = begun.state;
    while (!state.done) state = (yield* service.importPage(begun.token, def, state)).state;
    done = yield* service.importCommit(begun.token, def, state, { saved: true });
  } catch (e) {
    yield* service.importAbort(begun.token, { def, requests: 0, error: messageOf(e) });
    throw e;
  }
  // After the table is written: a snapshot that fails leaves the refresh done (its message
  // goes to the daily run's outcome).
  if (def.options?.snapshot === true && done.written !== false)
    yield* service.keepSnapshot(def.sheetName);
  return done;
}
