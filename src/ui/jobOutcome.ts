/**
 * What a job resumed when the sidebar opened did, in the words its own section uses when it
 * runs the job: a campaign, new-listing or fee-change sheet, an import. Other kinds say they
 * finished (their sheet and stamp say the rest).
 */
import type { FeeChangeSheetOutcome } from "../sidebar/feeChangeSheet";
import type { CampaignOutcome } from "../sidebar/jobs/campaignJob";
import type { NewListingOutcome } from "../sidebar/jobs/newListingJob";
import type { ImportResult } from "./bridge";
import { campaignDoneText } from "./campaignSection";
import { feeChangeDoneText } from "./feeChangeSection";
import { importOutcome } from "./importOutcome";
import { newListingDoneText } from "./newListingSection";

const TEXTS: Readonly<Record<string, (result: never) => string>> = {
  campaign: (o: CampaignOutcome) => campaignDoneText(o),
  newListing: (o: NewListingOutcome) => newListingDoneText(o),
  feeChange: (o: FeeChangeSheetOutcome) => feeChangeDoneText(o),
  import: (o: ImportResult) => importOutcome(o),
};

/** "<title>: finished." or the kind's own summary of `result`. */
export function jobDoneText(kind: string, title: string, result: unknown): string {
  const text = TEXTS[kind];
  if (!text || result === null || typeof result !== "object") return `${title}: finished.`;
  try {
    return `${title}: finished. ${text(result as never)}`;
  } catch {
    return `${title}: finished.`;
  }
}
