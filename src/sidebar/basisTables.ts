/**
 * Tables a new basis leaves behind (issue 20: one basis everywhere). After "Save basis" the
 * sidebar lists the managed tables whose record says they took a part of the basis from the
 * setting that differs now, with what brings each onto it: an import is imported again from
 * its definition (kept in the record), a fee-change, campaign or new-listing sheet by its job
 * run again from the ask its record keeps; a pricing sheet's figures of today are only made
 * with the sheet, so it is made again.
 */
import type { Marketplace } from "../api/types";
import { parseTableRecord } from "../imports/managedTable";
import { onOtherBasis } from "../imports/tableBasis";
import type { ImportDefinition } from "../imports/definitions";
import type { CampaignSheetAsk } from "./jobs/campaignJob";
import type { NewListingSheetAsk } from "./jobs/newListingJob";
import { io, type Op } from "./op";
import type { SidebarPorts } from "./ports";

/** A table on another basis than the setting's, and what brings it onto the setting's. */
export interface OtherBasisTable {
  readonly sheetName: string;
  /** Its stamp's basis ("Basis: output VAT counted as a cost, 90-day sales window, ..."). */
  readonly basis: string;
  /** An import: run it again (the sidebar's "Refresh them"). */
  readonly refresh?: ImportDefinition;
  /** A pricing sheet: make it again with "New pricing sheet" for this shop. */
  readonly pricing?: { readonly marketplace: Marketplace; readonly shopId: number };
  /** A fee-change, campaign or new-listing sheet: its job run again from the ask it keeps. */
  readonly remake?: SheetRemake;
}

/** How "Refresh them" runs a decision sheet's job again (the ask its record keeps). */
export type SheetRemake =
  | { readonly kind: "feeChange" }
  | { readonly kind: "campaign"; readonly ask: CampaignSheetAsk }
  | { readonly kind: "newListing"; readonly ask: NewListingSheetAsk };

/** The job that made a decision sheet, from its record (feeChangeSheet.ts, decisionTable.ts). */
function remakeOf(record: object): SheetRemake | null {
  if ("feeChange" in record) return { kind: "feeChange" };
  const d = "decision" in record ? (record.decision as { kind?: unknown; ask?: unknown }) : null;
  if (d?.kind === "campaign") return { kind: "campaign", ask: d.ask as CampaignSheetAsk };
  if (d?.kind === "newListing") return { kind: "newListing", ask: d.ask as NewListingSheetAsk };
  return null;
}

/** Every managed table of the document whose basis is not the setting's. */
export function* tablesOnOtherBasis(p: SidebarPorts): Op<OtherBasisTable[]> {
  const now = yield* io(() => p.basis());
  const out: OtherBasisTable[] = [];
  for (const sheetName of yield* io(() => p.stage.sheetNames())) {
    const record = parseTableRecord(yield* io(() => p.tables.readRecord(sheetName)));
    const basis = record?.basis;
    if (!record || !basis || !onOtherBasis(basis, now)) continue;
    const pricing = "pricing" in record ? (record.pricing as Record<string, unknown>) : null;
    const remake = remakeOf(record);
    out.push({
      sheetName,
      basis: basis.text,
      ...(basis.source ? { refresh: { ...basis.source, sheetName } } : {}),
      ...(remake ? { remake } : {}),
      ...(pricing
        ? {
            pricing: {
              marketplace: (pricing.marketplace as Marketplace | undefined) ?? "A",
              shopId: Number(pricing.shopId),
            },
          }
        : {}),
    });
  }
  return out;
}

/**
 * A saved import is the seller's latest choice for its sheet's table: the record's definition
 * follows it, so "Refresh them" runs what was saved, not an earlier one-off's row limit.
 */
export function* chooseSource(p: SidebarPorts, def: ImportDefinition): Op<void> {
  const text = yield* io(() => p.tables.readRecord(def.sheetName));
  const record = parseTableRecord(text);
  if (!record?.basis?.source) return;
  const basis = { ...record.basis, source: def };
  yield* io(() => p.tables.writeRecord(def.sheetName, JSON.stringify({ ...record, basis })));
}
