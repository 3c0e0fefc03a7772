/** Every kind of job the add-in runs, by the name its checkpoint keeps. */
import { campaignJob } from "./campaignJob";
import { feeChangeJob } from "./feeChangeJob";
import { bulkJob } from "./bulkJob";
import { importJob } from "./importJob";
import type { AnyJobKind } from "./jobKind";
import { newListingJob } from "./newListingJob";
import { pricingBuildJob } from "./pricingBuildJob";
import { pricingRefreshJob } from "./pricingRefreshJob";
import { snapshotJob } from "./snapshotJob";

export const JOB_KINDS = {
  bulk: bulkJob,
  import: importJob,
  pricingBuild: pricingBuildJob,
  pricingRefresh: pricingRefreshJob,
  snapshot: snapshotJob,
  campaign: campaignJob,
  newListing: newListingJob,
  feeChange: feeChangeJob,
} as const;

/** A kind's name. */
export type JobKindName = keyof typeof JOB_KINDS;

/** The kinds as the runner reads them (each kind's own types stay its own). */
export const RUNNABLE_KINDS = JOB_KINDS as unknown as Readonly<Record<string, AnyJobKind>>;
