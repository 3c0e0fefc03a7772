/**
 * Document-level switches the cells read: "pause live calls" (cells answer from the cache or
 * say calls are paused), and whose key the installed background filler uses (a waiting cell
 * says how it will be filled only if the filler reads the same cache as the cell).
 * Document properties hold them; cells read a copy in the document cache, so a cell execution
 * spends no Properties call on them (the daily Properties quota). Where the document stores are
 * unavailable (custom functions of some add-ons) both read as off.
 */
import { gas, type PropertiesLike } from "../stores/gas";

const PAUSED = "mkt.liveCalls";
const FILLER = "mkt.fillerOwner";
const COPY_KEY = "mkt:switches";

/** [paused, filler owner tag]. */
type Switches = [boolean, string | null];

function documentProperties(): PropertiesLike | null {
  try {
    return gas().PropertiesService.getDocumentProperties();
  } catch {
    return null;
  }
}

/** Read the properties (one call) and keep a copy for the cells. */
function fromProperties(props: PropertiesLike | null): Switches {
  const all = props?.getProperties?.() ?? {};
  const s: Switches = [all[PAUSED] === "paused", all[FILLER] ?? null];
  if (props) gas().CacheService.getDocumentCache()?.put(COPY_KEY, JSON.stringify(s), 21_600);
  return s;
}

function switches(): Switches {
  try {
    const copy = gas().CacheService.getDocumentCache()?.get(COPY_KEY);
    if (copy) return JSON.parse(copy) as Switches;
  } catch {
    // No document cache here, or a broken copy: read the properties.
  }
  return fromProperties(documentProperties());
}

export function liveCallsPaused(): boolean {
  return switches()[0];
}

function set(key: string, value: string | null): void {
  const props = documentProperties();
  if (!props) return;
  if (value === null) props.deleteProperty(key);
  else props.setProperty(key, value);
  fromProperties(props);
}

/** Pause or resume live calls for this spreadsheet (a full-auth execution). */
export function setLiveCallsPaused(paused: boolean): void {
  set(PAUSED, paused ? "paused" : null);
}

/** The owner tag of the key the installed filler uses, or null. */
export function fillerOwner(): string | null {
  return switches()[1];
}

export function setFillerOwner(tag: string | null): void {
  set(FILLER, tag);
}
