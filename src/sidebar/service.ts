/**
 * The sidebar's features, written once for every host: shops and typed-in shops, saved
 * imports, pricing sheets, team tables and bulk rows. Each member is an operation over the
 * host's ports (ports.ts); Sheets runs them blocking inside its server calls, Excel and the
 * web demo in the page (op.ts). Long work is a job (jobs/): its steps, checkpoint and plan are
 * here; the client only wakes it (jobs/driveJob.ts).
 */
import type { Marketplace } from "../api/types";
import { apiCall, parallel } from "../core/effects";
import { isMissingShopList } from "../functions/shops";
import { definitionProblem, type ImportDefinition } from "../imports/definitions";
import { io, type Op } from "./op";
import { othersData } from "./importSteps";
import { jobOps } from "./jobs/jobRunner";
import { RUNNABLE_KINDS, type JobKindName } from "./jobs/jobKinds";
import { logFormulaRefresh, type CellRequests } from "./refreshLog";
import { costBookForCells, newCostBook, setCostBookForCells } from "./costBookSheet";
import { resortTable } from "./teamTables";
import { goneRows, removeGoneRows } from "./goneRows";
import { historyChartBlock, productHistory } from "./history";
import { freezeValues, unfreezeValues } from "./freeze";
import type { SidebarPorts } from "./ports";
import { addSavedImport, parseSavedImports, removeSavedImport } from "./savedImports";
import { shopRefs } from "./shopRefs";
import { chooseSource, tablesOnOtherBasis } from "./basisTables";
import type { ShopListResult, ShopRef, ShopsView } from "./views";

const SHOP_LISTS = [
  ["A", "SHOPS_A"],
  ["B", "SHOPS_B"],
  ["C", "SHOPS_C"],
] as const;

const isShopRef = (x: unknown): x is ShopRef =>
  x !== null &&
  typeof x === "object" &&
  typeof (x as ShopRef).id === "string" &&
  typeof (x as ShopRef).marketplace === "string";

/** The service over one host's ports. */
export function createSidebarService(p: SidebarPorts) {
  function* saved(): Op<ImportDefinition[]> {
    return parseSavedImports(yield* io(() => p.savedImports.read()));
  }
  function* keep(list: ImportDefinition[]): Op<ImportDefinition[]> {
    yield* io(() => p.savedImports.write(JSON.stringify(list)));
    return list;
  }
  function* typed(): Op<ShopRef[]> {
    try {
      const list: unknown = JSON.parse((yield* io(() => p.typedShops.read())) ?? "[]");
      return Array.isArray(list) ? list.filter(isShopRef) : [];
    } catch {
      return [];
    }
  }

  const jobs = jobOps(p, RUNNABLE_KINDS);
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
      const taken = yield* othersData(p, def);
      if (taken)
        throw new Error(
          `${taken} holds data that no import wrote, and a saved import would replace it at each refresh: run it once (it asks first) or name another sheet`,
        );
      const list = yield* keep(addSavedImport(yield* saved(), def));
      yield* chooseSource(p, def);
      return list;
    },
    *deleteImport(id: string): Op<ImportDefinition[]> {
      return yield* keep(removeSavedImport(yield* saved(), id));
    },

    tablesOnOtherBasis: () => tablesOnOtherBasis(p),
    /** Make the team's "Cost book" sheet (headers) where none is (costBookSheet.ts). */
    newCostBook: () => newCostBook(p),
    /** Whether formula cells take COGS from the cost book (a document setting, off by default). */
    costBookForCells: () => costBookForCells(p),
    setCostBookForCells: (on: boolean) => setCostBookForCells(p, on),

    /**
     * Long work as jobs (jobs/jobRunner.ts): start one (its checkpoint in the document), run
     * one step as `runner` (a page, a trigger run), say yes to its cost, answer its question,
     * cancel it, list the document's jobs.
     */
    jobStart: (kind: JobKindName, input: unknown) => jobs.start(String(kind), input),
    jobStep: (id: string, runner: string) => jobs.step(String(id), String(runner)),
    jobConfirm: (id: string) => jobs.confirm(String(id)),
    jobAnswer: (id: string, yes: boolean) => jobs.answer(String(id), yes === true),
    jobCancel: (id: string) => jobs.cancel(String(id)),
    jobList: () => jobs.list(),
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
  };
  return service;
}
