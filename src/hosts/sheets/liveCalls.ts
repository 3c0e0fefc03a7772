/**
 * Document-level switches the cells read (custom functions may read document properties):
 * "pause live calls" (cells answer from the cache or say calls are paused), and whose key the
 * installed background filler uses (a waiting cell says how it will be filled only if the
 * filler reads the same cache as the cell).
 */
import { gas, type PropertiesLike } from "./gas";

const PAUSED = "mkt.liveCalls";
const FILLER = "mkt.fillerOwner";

function documentProperties(): PropertiesLike | null {
  try {
    return gas().PropertiesService.getDocumentProperties();
  } catch {
    return null;
  }
}

export function liveCallsPaused(): boolean {
  return documentProperties()?.getProperty(PAUSED) === "paused";
}

/** Pause or resume live calls for this spreadsheet (a full-auth execution). */
export function setLiveCallsPaused(paused: boolean): void {
  const props = documentProperties();
  if (!props) return;
  if (paused) props.setProperty(PAUSED, "paused");
  else props.deleteProperty(PAUSED);
}

/** The owner tag of the key the installed filler uses, or null. */
export function fillerOwner(): string | null {
  return documentProperties()?.getProperty(FILLER) ?? null;
}

export function setFillerOwner(tag: string | null): void {
  const props = documentProperties();
  if (!props) return;
  if (tag === null) props.deleteProperty(FILLER);
  else props.setProperty(FILLER, tag);
}
