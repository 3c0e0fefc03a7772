/**
 * "New pricing sheet" and its Refresh (issue 20 item 2), written once for every host. A new
 * sheet lists a shop's models with today's figures (A7, the models from A12), default inputs,
 * the API's answers (batch previews, pricingAnswers.ts) and plain formulas; Refresh asks only
 * for the rows whose inputs changed since they were answered (remembered in the table's record,
 * not in cells) and writes only the answer cells: the seller's inputs and columns stay theirs.
 */
import { call } from "../core/effects";
import { dateFieldToIso } from "../api/datetime";
import { currencyDecimals } from "../core/figure";
import { isRecord } from "../core/shape";
import { describeBasis } from "../functions/basis";
import type { Cell } from "../functions/cells";
import { parseTableRecord, type GridBlock, type TableRecord } from "../imports/managedTable";
import {
  ANSWER_AT,
  FORMULA_AT,
  PRICING_COLUMNS,
  answerCells,
  belowTargetRule,
  defaultInputs,
  inputOf,
  modelsOf,
  pricingRows,
  rowCells,
  rowFormulas,
  rowId,
  type Asked,
  type PricingInputs,
  type PricingWhere,
} from "../imports/pricingSheet";
import { NUMBER_FORMATS } from "../imports/table";
import { io, type Op } from "./op";
import type { SidebarPorts } from "./ports";
import { pricingAnswers } from "./pricingAnswers";
import { logRefresh } from "./refreshLog";

/** The shop and size of a new pricing sheet. */
export interface PricingSheetAsk {
  readonly shopId: number;
  readonly region: string;
  readonly sheetName: string;
  /** Products (each with its models); 500 unless said. */
  readonly products?: number;
}

/** What a build or refresh did. */
export interface PricingOutcome {
  readonly sheetName: string;
  readonly rows: number;
  readonly asked: number;
  readonly requests: number;
}

/** The pricing part of a table's record: the shop, the basis, each row's answered inputs. */
interface PricingRecord extends TableRecord {
  readonly pricing: PricingWhere & {
    readonly currency: string | null;
    readonly dataFreshAt: string | null;
    readonly title: string;
    /** Inputs last answered, by row id: [target, planned]. */
    readonly inputs: Record<string, [number | null, number | null]>;
  };
}

const PAGE = 500;
const formats = PRICING_COLUMNS.map((c) => NUMBER_FORMATS[c.format]);
const HEADERS: string[] = PRICING_COLUMNS.map((c) => c.header);

/** Build a new pricing sheet for a marketplace A shop. */
export function* newPricingSheet(p: SidebarPorts, ask: PricingSheetAsk): Op<PricingOutcome> {
  const limit = ask.products ?? 500;
  if (!/^[A-Z]{2}$/.test(ask.region)) throw new Error("Pick a region such as SG");
  if (!Number.isInteger(ask.shopId)) throw new Error("Pick a shop (its id is a whole number)");
  if (!(Number.isInteger(limit) && limit >= 1 && limit <= 5000))
    throw new Error("Products: a whole number from 1 to 5000");
  if (ask.sheetName.trim() === "" || /[[\]*?/\\:]/.test(ask.sheetName))
    throw new Error("Name the sheet (no [ ] * ? / \\ :)");
  // A new sheet never writes over cells: the seller's data, or a pricing sheet's inputs.
  const taken = yield* io(() => p.stage.dataIn(ask.sheetName));
  if (taken)
    throw new Error(
      `${taken.address} already holds data: name a new sheet (a pricing sheet there is updated with Refresh)`,
    );
  const basis = yield* io(() => p.basis());
  const where: PricingWhere = {
    shopId: ask.shopId,
    region: ask.region,
    includeVat: basis.countVat,
  };
  const path = { shopId: ask.shopId, region: ask.region };
  const listBasis = { includeVat: basis.countVat, lookbackDays: basis.salesWindowDays };
  let requests = 0;
  const run = function* (endpoint: string, params: Record<string, unknown>): Op<unknown> {
    requests++;
    return yield* io(() => p.api.run(call(endpoint, params), { fresh: true }));
  };
  // Today's figures: the shop's product list, 500 a page, until the sheet has its products.
  const products: unknown[] = [];
  let cursor: unknown = undefined;
  let dataFreshAt: string | null = null;
  do {
    const page = yield* run("A7", {
      ...path,
      ...listBasis,
      pageSize: PAGE,
      ...(cursor !== undefined ? { cursorRtProductId: cursor } : {}),
    });
    if (!isRecord(page) || !Array.isArray(page.data)) break;
    products.push(...page.data);
    dataFreshAt = dateFieldToIso(page.dataFreshAt) ?? dataFreshAt;
    const next = isRecord(page.nextCursor) ? page.nextCursor.rtProductId : undefined;
    cursor = typeof next === "number" ? next : undefined;
  } while (cursor !== undefined && products.length < limit);
  // Each product's models (A21 and A22 price models): A12's entries list every variant.
  const wanted = new Set(
    products.slice(0, limit).flatMap((e) => (isRecord(e) ? [Number(e.itemId)] : [])),
  );
  const models = new Map<number, (number | null)[]>();
  for (let page = 0; [...wanted].some((id) => !models.has(id)); page++) {
    const answer = yield* run("A12", { ...path, ...listBasis, page, pageSize: PAGE });
    const entries = isRecord(answer) && Array.isArray(answer.entries) ? answer.entries : [];
    modelsOf(entries, models);
    const pages = isRecord(answer) ? Number(answer.totalPages) : 0;
    if (entries.length === 0 || !(page + 1 < pages)) break;
  }
  const rows = pricingRows(products, models, limit);
  const first = products.find(isRecord);
  const meta = first && isRecord(first.metadata) ? first.metadata : {};
  const currency = typeof meta.currency === "string" ? meta.currency : null;
  const decimals = currencyDecimals(currency);
  const inputs = rows.map((r) => defaultInputs(r, decimals));
  const cells: Cell[][] = rows.map((r, i) => rowCells(r, inputs[i] as PricingInputs));
  yield* io(() =>
    p.tables.write(
      ask.sheetName,
      [
        { row: 0, col: 0, values: [HEADERS], formats: HEADERS.map(() => "@") },
        { row: 1, col: 0, values: cells, formats: formats.slice(0, ANSWER_AT) },
      ],
      true,
    ),
  );
  const asked: Asked[] = rows.map((r, i) => ({
    id: rowId(r.itemId, r.modelId),
    itemId: r.itemId,
    modelId: r.modelId,
    inputs: inputs[i] as PricingInputs,
    priceToday: r.priceToday,
    askTarget: true,
    askPlanned: true,
  }));
  const title = `Pricing sheet · A ${ask.shopId} ${ask.region}\n${describeBasis(basis)}`;
  const record: PricingRecord = {
    version: 1,
    columns: PRICING_COLUMNS.map((c) => ({ header: c.header, format: c.format })),
    key: ["Item id", "Model id"],
    last: {},
    pricing: { ...where, currency, dataFreshAt, title, inputs: {} },
  };
  const done = yield* answerAndWrite(p, ask.sheetName, record, asked, rowsAt(asked, 1), requests);
  const formulas = rows.map((_, i) => rowFormulas(i + 2));
  if (p.tables.formulas && rows.length > 0) {
    yield* io(() =>
      p.tables.formulas?.(ask.sheetName, {
        row: 1,
        col: FORMULA_AT,
        formulas,
        // A Text-formatted cell would keep a formula as its text: General for the flag.
        formats: formats.slice(FORMULA_AT).map((f) => (f === "@" ? "General" : f)),
      }),
    );
    yield* io(() =>
      p.tables.highlightRows?.(ask.sheetName, {
        rows: rows.length,
        cols: HEADERS.length,
        formula: belowTargetRule(),
      }),
    );
  }
  return { sheetName: ask.sheetName, rows: rows.length, ...done };
}

/** Row numbers (0-based sheet rows) of asked rows laid out from `top`. */
const rowsAt = (asked: readonly Asked[], top: number): Map<string, number> =>
  new Map(asked.map((a, i) => [a.id, top + i]));

/** Refresh a pricing sheet: ask only for rows whose inputs changed since their last answer. */
export function* refreshPricingSheet(p: SidebarPorts, sheetName: string): Op<PricingOutcome> {
  const record = parseTableRecord(yield* io(() => p.tables.readRecord(sheetName)));
  if (!record || !("pricing" in record))
    throw new Error(`${sheetName} is not a pricing sheet: make one with "New pricing sheet"`);
  const pricing = record as PricingRecord;
  const grid = (yield* io(() => p.tables.read(sheetName))) ?? [];
  const header = (grid[0] ?? []).map((h) => String(h ?? "").trim());
  const col = (h: string): number => header.indexOf(h);
  const [item, model, target, planned, today] = [
    "Item id",
    "Model id",
    "Target margin",
    "Planned buyer price",
    "Price today",
  ].map(col) as [number, number, number, number, number];
  if (item < 0 || model < 0)
    throw new Error(`${sheetName} lost its "Item id" or "Model id" header in row 1: put it back`);
  const asked: Asked[] = [];
  const where = new Map<string, number>();
  grid.forEach((line, r) => {
    const itemId = inputOf(line[item]);
    if (r === 0 || itemId === null) return;
    const modelId = inputOf(line[model]);
    const id = rowId(itemId, modelId);
    const now: PricingInputs = {
      target: target >= 0 ? inputOf(line[target]) : null,
      planned: planned >= 0 ? inputOf(line[planned]) : null,
    };
    const was = pricing.pricing.inputs[id];
    const askTarget = !was || was[0] !== now.target;
    const askPlanned = !was || was[1] !== now.planned;
    if (where.has(id) || !(askTarget || askPlanned)) return;
    where.set(id, r);
    const priceToday = inputOf(line[today]) ?? 0;
    asked.push({ id, itemId, modelId, inputs: now, priceToday, askTarget, askPlanned });
  });
  const done = yield* answerAndWrite(p, sheetName, pricing, asked, where, 0, header);
  return { sheetName, rows: grid.length - 1, ...done };
}

/**
 * Ask the API for `asked`, write each row's answer cells where the sheet has them (by header,
 * so columns the seller inserted are skipped), then the record, the stamp and a log row.
 */
function* answerAndWrite(
  p: SidebarPorts,
  sheetName: string,
  record: PricingRecord,
  asked: readonly Asked[],
  rowOf: ReadonlyMap<string, number>,
  /** Requests already spent on this refresh (a new sheet's lists). */
  spent: number,
  header: readonly string[] = HEADERS,
): Op<{ asked: number; requests: number }> {
  const answered = yield* pricingAnswers(p, record.pricing, asked);
  const { answers, errors } = answered;
  const requests = spent + answered.requests;
  const cols = PRICING_COLUMNS.slice(ANSWER_AT, FORMULA_AT).map((c) => header.indexOf(c.header));
  const blocks: GridBlock[] = [];
  const inputs = { ...record.pricing.inputs };
  for (const a of asked) {
    const r = rowOf.get(a.id);
    const answer = answers.get(a.id);
    if (r === undefined || !answer) continue;
    inputs[a.id] = [a.inputs.target, a.inputs.planned];
    // Only the answers of inputs that changed (the note says what this refresh found).
    const fresh = [a.askTarget, a.askPlanned, a.askPlanned, true];
    answerCells(answer).forEach((value, j) => {
      const c = cols[j] ?? -1;
      if (c >= 0 && fresh[j])
        blocks.push({
          row: r,
          col: c,
          values: [[value]],
          formats: [formats[ANSWER_AT + j] ?? "@"],
        });
    });
  }
  yield* io(() => p.tables.write(sheetName, mergeBlocks(blocks)));
  const next: PricingRecord = { ...record, pricing: { ...record.pricing, inputs } };
  yield* io(() => p.tables.writeRecord(sheetName, JSON.stringify(next)));
  const refreshedAt = new Date(p.now()).toISOString();
  const stamp = yield* io(() => p.stamp(refreshedAt));
  const columns = PRICING_COLUMNS.map((c) => ({ header: c.header, path: "", format: c.format }));
  yield* io(() =>
    p.tables.note(sheetName, {
      columns,
      rowCount: Object.keys(inputs).length,
      dataFreshAt: record.pricing.dataFreshAt,
      importedAt: refreshedAt,
      title: record.pricing.title,
      refreshedBy: stamp.who,
    }),
  );
  yield* logRefresh(p.tables, stamp, {
    what: `${record.pricing.title.split("\n")[0] ?? "Pricing sheet"} → ${sheetName}`,
    requests,
    rowsChanged: answers.size,
    errors,
  });
  return { asked: answers.size, requests };
}

/** Adjacent single cells of one row joined into one block (fewer host calls). */
function mergeBlocks(cells: readonly GridBlock[]): GridBlock[] {
  const out: GridBlock[] = [];
  for (const b of cells) {
    const last = out[out.length - 1];
    const width = last ? (last.values[0]?.length ?? 0) : 0;
    if (last && last.row === b.row && last.col + width === b.col) {
      out[out.length - 1] = {
        ...last,
        values: [[...(last.values[0] ?? []), ...(b.values[0] ?? [])]],
        formats: [...last.formats, ...b.formats],
      };
    } else out.push(b);
  }
  return out;
}
