/**
 * Document-level switches the cells read: "pause live calls" (cells answer from the cache or
 * say calls are paused), and whose key the installed background filler uses (a waiting cell
 * says how it will be filled only if the filler reads the same cache as the cell).
 * Document properties hold them; every cell reads them from a copy in the document cache, so
 * a cell execution spends no Properties call on them (the daily Properties quota). Where the
 * document stores are unavailable (custom functions of some add-ons) both read as off.
 */
import { gas, type CacheLike, type PropertiesLike } from "./gas";

const PAUSED = "mkt.liveCalls";
const FILLER = "mkt.fillerOwner";
const MIRROR_KEY = "mkt:switches";
const MIRROR_TTL_SEC = 6 * 60 * 60;

interface Switches {
  readonly paused: boolean;
  readonly filler: string | null;
}

function documentProperties(): PropertiesLike | null {
  try {
    return gas().PropertiesService.getDocumentProperties();
  } catch {
    return null;
  }
}

function documentCache(): CacheLike | null {
  try {
    return gas().CacheService.getDocumentCache();
  } catch {
    return null;
  }
}

function fromProperties(props: PropertiesLike): Switches {
  const all = props.getProperties?.();
  const get = (k: string): string | null => (all ? (all[k] ?? null) : props.getProperty(k));
  return { paused: get(PAUSED) === "paused", filler: get(FILLER) };
}

function mirror(cache: CacheLike | null, s: Switches): void {
  try {
    cache?.put(MIRROR_KEY, JSON.stringify(s), MIRROR_TTL_SEC);
  } catch {
    // The copy is only a saving: the properties stay the truth.
  }
}

function switches(): Switches {
  const cache = documentCache();
  try {
    const s = JSON.parse(cache?.get(MIRROR_KEY) ?? "null") as Switches | null;
    if (s && typeof s.paused === "boolean") return s;
  } catch {
    // A broken copy: read the properties.
  }
  const props = documentProperties();
  const s = props ? fromProperties(props) : { paused: false, filler: null };
  if (props) mirror(cache, s);
  return s;
}

export function liveCallsPaused(): boolean {
  return switches().paused;
}

/** Pause or resume live calls for this spreadsheet (a full-auth execution). */
export function setLiveCallsPaused(paused: boolean): void {
  const props = documentProperties();
  if (!props) return;
  if (paused) props.setProperty(PAUSED, "paused");
  else props.deleteProperty(PAUSED);
  mirror(documentCache(), fromProperties(props));
}

/** The owner tag of the key the installed filler uses, or null. */
export function fillerOwner(): string | null {
  return switches().filler;
}

export function setFillerOwner(tag: string | null): void {
  const props = documentProperties();
  if (!props) return;
  if (tag === null) props.deleteProperty(FILLER);
  else props.setProperty(FILLER, tag);
  mirror(documentCache(), fromProperties(props));
}
