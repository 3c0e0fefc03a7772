/**
 * Tables a new basis leaves behind (issue 20: one basis everywhere). After "Save basis" the
 * sidebar lists the managed tables whose record says they took a part of the basis from the
 * setting that differs now, with what brings each onto it: an import is imported again from
 * its definition (kept in the record), a pricing sheet's figures of today are only made with
 * the sheet, so it is made again.
 */
import type { Marketplace } from "../api/types";
import { parseTableRecord } from "../imports/managedTable";
import { onOtherBasis } from "../imports/tableBasis";
import type { ImportDefinition } from "../imports/definitions";
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
    out.push({
      sheetName,
      basis: basis.text,
      ...(basis.source ? { refresh: { ...basis.source, sheetName } } : {}),
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
