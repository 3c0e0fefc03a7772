/**
 * An import as a sans-I/O step machine: `firstStep` names the first request, `readStep` turns
 * its answer into rows and names the next request. The browser and Excel loop it in one
 * task; Sheets loops it across server calls (each well under Apps Script's 6 minutes), with
 * the sidebar carrying the state in between, so no host needs a long-running execution.
 */
import { dateFieldToIso } from "../api/datetime";
import type { ApiCall } from "../core/effects";
import { apiCall } from "../core/effects";
import { ApiError } from "../core/errors";
import { cursorValue, pageFingerprint, pageRows, repeatedPageError } from "../core/paginate";
import { DEFAULT_BASIS, describeBasis, type ProfitBasis } from "../functions/basis";
import type { Cell } from "../functions/cells";
import { isRecord } from "../functions/shape";
import type { ImportDefinition, ImportRoute } from "./definitions";
import { definitionProblem, describeImport, importRoute } from "./definitions";
import type { ImportColumn } from "./table";
import { emptyListColumns, listColumns, listRows, overviewColumns, overviewRows } from "./table";
import { checkResponseShape } from "../core/responseShape";
import { currencyOf } from "../core/figure";
import { entriesWithinBounds } from "../core/answerBounds";
import type { CostBook } from "../core/costBook";
import { addCounts, costedRecords, type ImportCostCounts } from "./costBook/importCosts";

/** Rows per page asked of the API (contract-notes: pageSize at most 500). */
export const IMPORT_PAGE_SIZE = 500;

/** What the seller can do when the API sends a page twice. */
const IMPORT_AGAIN = "import again in a while";

/** Where an import stands; plain JSON so a sidebar can carry it between server calls. */
export interface ImportState {
  /** Index into the route's endpoints. */
  readonly endpointIndex: number;
  /** Next offset page (offset paging). */
  readonly page: number;
  /** Next cursor (cursor paging); null for the first page. */
  readonly cursor: number | null;
  /** Pages fetched so far. */
  readonly pagesDone: number;
  /** Pages expected in all, when the API said (offset), else null. */
  readonly totalPages: number | null;
  readonly rowsSoFar: number;
  /** Chosen from the first page; later pages use the same. */
  readonly columns: readonly ImportColumn[] | null;
  readonly dataFreshAt: string | null;
  /** Rows per page when the API refused IMPORT_PAGE_SIZE (core/paginate listPage). */
  readonly pageSize?: number;
  /** pageFingerprint of the last page's rows: the same page again stops the import. */
  readonly lastPage?: string;
  /** Rows the API sent with a value the spec does not allow: left out, named (LeftOutRows). */
  readonly leftOut?: LeftOutRows;
  /** Chosen product ids the API's answer left out (C7 omits failed lookups), as typed. */
  readonly notFound?: readonly string[];
  /** Rows costed from the team cost book, and rows on a guessed cost (importCosts.ts). */
  readonly costs?: ImportCostCounts;
  /** "All SKUs" (B): product names by item id from B7's pages, read before B8's SKUs. */
  readonly productNames?: ReadonlyArray<readonly [number, string]>;
  readonly done: boolean;
}

/**
 * Rows an import left out because the API sent them with a value the spec does not allow (a
 * 40,000-character name): one bad row fails one row, the import goes on (issue 36). The
 * first few are named; plain JSON, carried in ImportState between server calls.
 */
export interface LeftOutRows {
  readonly count: number;
  readonly named: readonly string[];
}

/** Left-out rows named at most (the rest are counted). */
const LEFT_OUT_NAMED = 5;

/** `before` and the rows of one more page left out. */
function leftOutWith(before: LeftOutRows | undefined, more: readonly string[]): LeftOutRows {
  const named = [...(before?.named ?? []), ...more].slice(0, LEFT_OUT_NAMED);
  return { count: (before?.count ?? 0) + more.length, named };
}

/** "left out 1 row the API sent with a value the spec does not allow (item 7: ...)", or "". */
export function leftOutText(leftOut: LeftOutRows | undefined): string {
  if (!leftOut || leftOut.count === 0) return "";
  const rows = leftOut.count === 1 ? "1 row" : `${leftOut.count.toLocaleString("en-US")} rows`;
  const more = leftOut.count > leftOut.named.length ? "; ..." : "";
  return `left out ${rows} the API sent with a value the spec does not allow (${leftOut.named.join("; ")}${more})`;
}

/** "the API found no product 99999, 12" (chosen products it left out of its answer), or "". */
export function notFoundText(ids: readonly string[] | undefined): string {
  if (!ids || ids.length === 0) return "";
  const shown =
    ids.slice(0, 20).join(", ") + (ids.length > 20 ? `, and ${ids.length - 20} more` : "");
  return `the API found no product ${shown}`;
}

/** Chosen ids an answer's entries do not name (the answer names each by productId). */
function notIn(def: ImportDefinition, entries: readonly unknown[]): string[] {
  const found = new Set(entries.map((e) => (isRecord(e) ? String(e.productId) : "")));
  return (def.productIds ?? []).filter((id) => !found.has(String(id).trim()));
}

/**
 * The import's row limit when it cut the list there (its rows reached it): a product missing
 * from such an answer may only rank lower, not be gone (statusMarks.ts). Else undefined.
 */
export function cutAtLimit(def: ImportDefinition, state: ImportState): number | undefined {
  const limit = def.kind === "shopOverview" ? undefined : def.options?.limit;
  return limit !== undefined && rowsSent(state) >= limit ? limit : undefined;
}

/** Rows the API sent so far: the rows kept and the rows left out. */
function rowsSent(state: ImportState): number {
  return state.rowsSoFar + (state.leftOut?.count ?? 0);
}

/** The answer to one step. */
export interface StepOutcome {
  readonly rows: Cell[][];
  readonly state: ImportState;
}

/** The route of a definition; throws a CONFIG error a seller can act on. */
export function routeOf(def: ImportDefinition): ImportRoute {
  const problem = definitionProblem(def);
  const route = importRoute(def.kind, def.marketplace);
  if (problem || !route) throw new ApiError("INVALID_ARGUMENT", problem ?? "Unknown import");
  return route;
}

/** The state before anything is fetched. */
export function firstState(def: ImportDefinition): ImportState {
  routeOf(def);
  return {
    endpointIndex: 0,
    page: 0,
    cursor: null,
    pagesDone: 0,
    totalPages: null,
    rowsSoFar: 0,
    columns: null,
    dataFreshAt: null,
    done: false,
  };
}

/**
 * The request of the current step. VAT and marketplace A's sales window are always sent: the
 * import's own option, else the seller's basis, so imported profit equals the functions'.
 */
export function stepCall(
  def: ImportDefinition,
  state: ImportState,
  basis: ProfitBasis = DEFAULT_BASIS,
): ApiCall {
  const route = routeOf(def);
  const endpoint = route.endpoints[state.endpointIndex];
  if (endpoint === undefined || state.done) throw new Error("import already finished");
  const o = def.options ?? {};
  const params: Record<string, unknown> = {};
  const put = (name: string, value: unknown): void => {
    if (value !== undefined && value !== "") params[name] = value;
  };
  put(route.shopField, Number(def.shopId));
  if (def.kind !== "productList") put("region", def.region);
  // B and C overviews' includeVat adds a forward VAT position, not a cost: left to the option.
  const vatIsCost = def.kind !== "shopOverview" || def.marketplace === "A";
  put(route.vatField, o.vat ?? (vatIsCost ? basis.countVat : undefined));
  const salesWindow =
    def.marketplace === "A" ? (o.lookbackDays ?? basis.salesWindowDays) : undefined;
  put("effectiveDate", o.effectiveDate);
  switch (def.kind) {
    case "productsByProfit":
    case "productsByRoas":
      put("lookbackDays", salesWindow);
      put("sellerType", def.marketplace === "B" ? o.sellerType : undefined);
      put("page", state.page);
      put("pageSize", pageSizeFor(def, state));
      break;
    case "allProducts":
      put("lookbackDays", salesWindow);
      put("sellerType", def.marketplace === "B" ? o.sellerType : undefined);
      put("pageSize", pageSizeFor(def, state));
      put("cursorRtProductId", state.cursor ?? undefined);
      break;
    case "allSkus":
      put("sellerType", o.sellerType);
      if (endpoint === NAMES_ENDPOINT) {
        put("pageSize", IMPORT_PAGE_SIZE);
        put("cursorRtProductId", state.cursor ?? undefined);
      }
      break;
    case "productList":
      put("productIds", [...(def.productIds ?? [])]);
      put("lookbackDays", o.lookbackDays);
      break;
    case "shopOverview":
      put("from", o.from);
      put("to", o.to);
      put("topN", o.topN);
      put("lookbackDays", def.marketplace === "A" ? undefined : o.lookbackDays);
      break;
  }
  return apiCall(endpoint, params);
}

function pageSizeFor(def: ImportDefinition, state: ImportState): number {
  const limit = def.options?.limit;
  const size = state.pageSize ?? IMPORT_PAGE_SIZE;
  if (limit === undefined) return size;
  // Offset page n is rows n*size on: every page keeps the first page's size (readStep cuts
  // the last page to the limit); a cursor page may shrink to the rows still wanted.
  const wanted = routeOf(def).paging === "offset" ? limit : limit - rowsSent(state);
  return Math.max(1, Math.min(size, wanted));
}

/**
 * Read one answer: its rows (already in the table's columns) and the next state. `book`: the
 * team's cost book, whose costs replace the API's where it has the row's variant on its day.
 */
export function readStep(
  def: ImportDefinition,
  state: ImportState,
  data: unknown,
  book: CostBook | null = null,
): StepOutcome {
  const route = routeOf(def);
  const endpoint = route.endpoints[state.endpointIndex] ?? "";
  // A list's entries are held to the bounds one by one below: a bad row is left out, named.
  checkResponseShape(endpoint, data, def.kind === "shopOverview" ? "whole" : "apart");
  const dataFreshAt = (isRecord(data) && dateFieldToIso(data.dataFreshAt)) || state.dataFreshAt;
  const pagesDone = state.pagesDone + 1;

  if (def.kind === "shopOverview") {
    // Section names are the API's own ("Top profit products"), unique across its endpoints.
    const rows = overviewRows(data);
    const endpointIndex = state.endpointIndex + 1;
    return {
      rows,
      state: {
        ...state,
        endpointIndex,
        pagesDone,
        totalPages: route.endpoints.length,
        rowsSoFar: state.rowsSoFar + rows.length,
        // The currency an earlier section named holds for a later one that names none.
        columns: overviewColumns(
          def.marketplace,
          currencyOf(data) ?? state.columns?.find((c) => c.byMetric)?.byMetric?.currency ?? null,
        ),
        dataFreshAt,
        done: endpointIndex >= route.endpoints.length,
      },
    };
  }

  if (def.kind === "allSkus" && endpoint === NAMES_ENDPOINT) return namesStep(state, data);
  const limit = def.options?.limit ?? Number.POSITIVE_INFINITY;
  const sent = withProductNames(pageRows<unknown>(data), state.productNames);
  const lastPage = pageFingerprint(sent);
  if (lastPage !== "" && lastPage === state.lastPage) throw repeatedPageError(IMPORT_AGAIN);
  // The limit counts the API's rows (the top 200 are 200 rows of its list, one left out or not).
  const wanted = sent.slice(0, Math.max(0, limit - rowsSent(state)));
  const bounded = entriesWithinBounds(wanted, rowsSent(state) + 1);
  const costed = costedRecords(bounded.kept, book, def.marketplace);
  const records = costed.records;
  const columns =
    state.columns ??
    (records.length > 0
      ? listColumns(records, def.marketplace)
      : emptyListColumns(endpoint, def.marketplace));
  const rows = listRows(records, columns);
  const rowsSoFar = state.rowsSoFar + rows.length;
  const leftOut = bounded.leftOut.length > 0 ? leftOutWith(state.leftOut, bounded.leftOut) : null;
  const base = {
    ...state,
    pagesDone,
    rowsSoFar,
    columns,
    dataFreshAt,
    lastPage,
    costs: addCounts(state.costs, costed.counts),
    ...(leftOut ? { leftOut } : {}),
    ...(def.kind === "productList" ? { notFound: notIn(def, sent) } : {}),
  };
  if (rowsSent(state) + wanted.length >= limit || route.paging === "single") {
    return { rows, state: { ...base, totalPages: pagesDone, done: true } };
  }
  if (route.paging === "offset") {
    const meta = isRecord(data) ? data : {};
    const totalPages =
      typeof meta.totalPages === "number"
        ? meta.totalPages
        : typeof meta.totalItems === "number"
          ? Math.ceil(meta.totalItems / (state.pageSize ?? IMPORT_PAGE_SIZE))
          : pagesDone;
    const size = state.pageSize ?? IMPORT_PAGE_SIZE;
    const pagesForLimit = Number.isFinite(limit) ? Math.ceil(limit / size) : totalPages;
    const expected = Math.min(totalPages, pagesForLimit);
    const done = state.page + 1 >= totalPages || sent.length === 0;
    return { rows, state: { ...base, page: state.page + 1, totalPages: expected, done } };
  }
  const next = cursorValue(isRecord(data) ? data.nextCursor : null);
  if (next !== null && next === state.cursor) {
    throw repeatedPageError(IMPORT_AGAIN);
  }
  return { rows, state: { ...base, cursor: next, totalPages: null, done: next === null } };
}

/** The endpoint whose pages name B's products for "All SKUs" (B8's entries name the SKU). */
const NAMES_ENDPOINT = "B7";

/**
 * One B7 page of an "All SKUs" import: its products' names kept in the state, no rows; the
 * last page hands over to B8. Not a table page (pagesDone stays: B8 writes the header).
 */
function namesStep(state: ImportState, data: unknown): StepOutcome {
  const names = new Map(state.productNames ?? []);
  for (const e of pageRows<unknown>(data))
    if (isRecord(e) && typeof e.itemId === "number" && typeof e.name === "string")
      names.set(e.itemId, e.name);
  const next = cursorValue(isRecord(data) ? data.nextCursor : null);
  if (next !== null && next === state.cursor) throw repeatedPageError(IMPORT_AGAIN);
  const productNames = [...names];
  if (next !== null) return { rows: [], state: { ...state, cursor: next, productNames } };
  return { rows: [], state: { ...state, cursor: null, endpointIndex: 1, productNames } };
}

/**
 * B8's entries with the product's name in "name" and the SKU's own name beside it in
 * "variant" (the seller reads "Compact Kitchen Knife 3-Pack", "Black"); a product B7 did not
 * list keeps an empty name rather than the SKU's. Other answers pass unchanged.
 */
function withProductNames(
  entries: readonly unknown[],
  names: ImportState["productNames"],
): unknown[] {
  if (!names) return [...entries];
  const byId = new Map(names);
  return entries.map((e) => {
    if (!isRecord(e) || typeof e.itemId !== "number") return e;
    const product = byId.get(e.itemId) ?? "";
    const named: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(e)) {
      if (k !== "name") named[k] = v;
      else [named.name, named.variant] = [product, v];
    }
    return named;
  });
}

/** The header row of a state's table. */
export function headerRow(state: ImportState): string[] {
  return (state.columns ?? []).map((c) => c.header);
}

/**
 * "Products sorted by profit · A 100001 SG → Profit" and, on a second line, the basis its
 * figures stand on (VAT, sales window, fee date) as stepCall sends it.
 */
export function importTitle(def: ImportDefinition, basis: ProfitBasis = DEFAULT_BASIS): string {
  const o = def.options ?? {};
  const vatIsCost = def.kind !== "shopOverview" || def.marketplace === "A";
  if (!vatIsCost) return describeImport(def);
  const used: ProfitBasis = {
    countVat: o.vat ?? basis.countVat,
    salesWindowDays: o.lookbackDays ?? basis.salesWindowDays,
  };
  const ids = def.marketplace === "B" && def.kind === "allProducts" ? `\n${B7_IDS}` : "";
  // A's overview takes a period (from, to), not the sales window: the stamp names the period.
  const overview = def.kind === "shopOverview";
  const period = !overview
    ? ""
    : o.from || o.to
      ? `, period ${o.from ?? "30 days before the end"} to ${o.to ?? "today"}`
      : ", period: the last 30 days (the API's default)";
  const window = def.marketplace === "A" && !overview;
  // The stamp says the row limit the table was refreshed with (a one-off's, or the saved one's).
  const rows = o.limit && !overview ? ` · first ${o.limit.toLocaleString("en-US")} rows` : "";
  return `${describeImport(def)}${rows}\n${describeBasis(used, o.effectiveDate, window)}${period}${ids}`;
}

/**
 * B7's entries carry the item id and, as its cursor type (RtMktBProductCursor) does, an
 * rtProductId. The spec never says the two are the same id (the reference server makes them so),
 * so both columns stay, and the stamp says why.
 */
const B7_IDS =
  "Item id and Product id: the API gives both (Product id is the id its pages are counted by). They are often equal, but the API does not promise it, so both are kept.";
