/**
 * Whether "New pricing sheet" may write into the sheet it is given. A missing or empty sheet is
 * free. A pricing sheet the add-in alone wrote (a build stopped midway by a closed page or an
 * error, or one nobody typed in) may be replaced once the seller says yes. Anything else holds
 * the seller's data and is never written over.
 */
import { currencyDecimals } from "../core/figure";
import { parseTableRecord, type GridBlock, type TableRecord } from "../imports/managedTable";
import { sellerCells } from "../imports/pricingLeftover";
import type { PricingWhere } from "../imports/pricingSheet";
import type { QuestionAnswers } from "./importQuestions";
import { io, type Op } from "./op";
import type { SidebarPorts } from "./ports";

/** The pricing part of a table's record: the shop, the basis, each row's answered inputs. */
export interface PricingRecord extends TableRecord {
  readonly pricing: PricingWhere & {
    readonly currency: string | null;
    readonly dataFreshAt: string | null;
    readonly title: string;
    /** Inputs last answered, by row id: [target margin, planned, target profit (A, if any)]. */
    readonly inputs: Record<string, [number | null, number | null, number?]>;
    /** C: each SKU's unit cost as C7 gave it (C8 requires one), by row id. */
    readonly cogs?: Record<string, number>;
    /** The fingerprint of the cells after the add-in's last write (pricingLeftover.ts). */
    readonly written?: string;
    /** Rows planned at today's list price by default (below Price today), by row id. */
    readonly listed?: Record<string, number>;
    /** Rows the below-target highlight covers (a replaced sheet keeps its rule). */
    readonly highlighted?: number;
  };
}

/** The question a replace needs, with its two answers. */
export interface ReplaceQuestion {
  readonly text: string;
  readonly answers: QuestionAnswers;
}

/** What a new pricing sheet may do with its sheet. */
export type SheetChoice =
  | { readonly kind: "free" }
  | { readonly kind: "ask"; readonly question: ReplaceQuestion }
  /** Blank `blank` first (the old cells), keep the old highlight's rows. */
  | { readonly kind: "replace"; readonly blank: GridBlock; readonly highlighted: number };

/** What the seller reads when the sheet is not free, and what they can do. */
function question(sheetName: string, record: PricingRecord, rows: number): ReplaceQuestion {
  const answered = Object.keys(record.pricing.inputs).length;
  const state =
    answered === 0
      ? "stopped before its answers came"
      : `${answered.toLocaleString("en-US")} rows answered`;
  return {
    text: `${sheetName} holds a pricing sheet the add-in wrote (${rows.toLocaleString("en-US")} rows, ${state}) and nothing typed by hand. Replace it with the new pricing sheet, or keep it?`,
    answers: { yes: `Replace ${sheetName}`, no: "Keep it" },
  };
}

/** The sheet's state for a new pricing sheet; throws when it holds the seller's data. */
export function* sheetChoice(
  p: SidebarPorts,
  sheetName: string,
  replace: boolean,
): Op<SheetChoice> {
  const taken = yield* io(() => p.stage.dataIn(sheetName));
  if (!taken) return { kind: "free" };
  const record = parseTableRecord(yield* io(() => p.tables.readRecord(sheetName)));
  const grid =
    record && "pricing" in record ? ((yield* io(() => p.tables.read(sheetName))) ?? []) : [];
  const pricing = record as PricingRecord | null;
  const typed =
    pricing && "pricing" in pricing
      ? sellerCells(grid, {
          ...(pricing.pricing.written ? { written: pricing.pricing.written } : {}),
          ...(pricing.pricing.listed ? { listed: pricing.pricing.listed } : {}),
          key: pricing.key,
          decimals: currencyDecimals(pricing.pricing.currency),
        })
      : [];
  if (pricing && typed === null) {
    const rows = grid.slice(1).filter((r) => r.some((c) => c !== "" && c !== null)).length;
    if (!replace) return { kind: "ask", question: question(sheetName, pricing, rows) };
    const width = Math.max(0, ...grid.map((r) => r.length));
    return {
      kind: "replace",
      blank: {
        row: 0,
        col: 0,
        values: grid.map(() => Array<string>(width).fill("")),
        formats: Array<string>(width).fill("General"),
      },
      highlighted: pricing.pricing.highlighted ?? 0,
    };
  }
  // A new sheet never writes over cells: the seller's data, or a pricing sheet's inputs.
  const cells = typed ?? [];
  const more = cells.length > 3 ? ` and ${cells.length - 3} more` : "";
  const why = cells.length
    ? `; ${sheetName}!${cells.slice(0, 3).join(", ")}${more} ${cells.length > 1 ? "were" : "was"} typed by hand`
    : "";
  throw new Error(
    `${taken.address} already holds data: name a new sheet (a pricing sheet there is updated with Refresh${why})`,
  );
}
