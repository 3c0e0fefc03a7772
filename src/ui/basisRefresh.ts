/**
 * "Refresh them" after Save basis for the sheets that are not imports: a fee-change, campaign
 * or new-listing sheet runs its job again from the ask its record keeps (a new user's
 * fee-change sheet stayed on the old basis without a word). Each says what became of it.
 */
import type { ImportDefinition } from "../imports/definitions";
import type { OtherBasisTable } from "../sidebar/basisTables";
import type { HostBridge } from "./bridge";
import { messageOf } from "./bridge";

/** Run each listed sheet's job again, one after another; a line per sheet that failed. */
export async function refreshSheets(
  bridge: HostBridge,
  tables: readonly OtherBasisTable[],
): Promise<string[]> {
  const failed: string[] = [];
  for (const t of tables) {
    const r = t.remake;
    if (!r) continue;
    try {
      if (r.kind === "feeChange") await bridge.refreshFeeChangeSheet(t.sheetName);
      else if (r.kind === "campaign")
        await bridge.campaignSheet({ ...r.ask, sheetName: t.sheetName });
      else await bridge.newListingSheet({ ...r.ask, sheetName: t.sheetName });
    } catch (e) {
      failed.push(`${t.sheetName} was not refreshed: ${messageOf(e)}.`);
    }
  }
  return failed;
}

/** What "Refresh them" can bring onto the new basis itself (imports and decision sheets). */
export const canRefresh = (t: OtherBasisTable): boolean => Boolean(t.refresh || t.remake);

/** Imports the app hands the imports section to run again; `done` when they have run. */
export interface RefreshThese {
  readonly defs: ImportDefinition[];
  readonly done?: () => void;
}
