/** How a Coordinator is set up (see sheetsSim.ts for the defaults). */
import type { Latency } from "./latency";
import type { Strictness } from "./strict";

export interface CoordinatorOptions {
  readonly workerFile: string;
  readonly code: string;
  readonly stubs: string;
  readonly html: Readonly<Record<string, string>>;
  readonly maxConcurrent: number;
  readonly customLimitMs: number;
  readonly longLimitMs: number;
  readonly latency: Latency;
  /** Shuffle same-time calls of different executions with this seed (see Agenda). */
  readonly seed?: number;
  readonly strict?: Strictness;
}

/** Whose user properties a custom function reads on a file with no owner (a shared drive). */
export const NO_OWNER = "(no owner)";
