/**
 * The daily refresh's per-user registry, in USER properties. An editor add-on's time-driven
 * trigger belongs to the user, not to a document: when it fires there is no active
 * spreadsheet and no document properties. So the user's properties list the spreadsheets this
 * user turned daily refresh on for, and keep a copy of each one's saved import definitions
 * (definitions hold no secrets). One index value plus one value per document keeps every
 * value under PropertiesService's 9 KB, and at most MAX_REFRESH_DOCUMENTS of them (~180 KB)
 * well under its 500 KB a store.
 */
import type { ImportDefinition } from "../../../imports/definitions";
import { utf8Length } from "../../../core/hash";
import { parseSavedImports } from "../../../sidebar/savedImports";

/** The slice of a Properties store used here. */
export interface RegistryProperties {
  getProperty(key: string): string | null;
  setProperty(key: string, value: string): unknown;
  deleteProperty(key: string): unknown;
}

/** User property listing the documents with daily refresh on. */
export const REFRESH_INDEX_PROPERTY = "mkt.dailyRefresh";
/** User property holding the last daily run's outcome (for the sidebar). */
export const REFRESH_LAST_RUN_PROPERTY = "mkt.dailyRefresh.lastRun";
/** Most documents one user may refresh daily (each keeps up to 9 KB of definitions). */
export const MAX_REFRESH_DOCUMENTS = 20;
/** A document that failed to open this many runs in a row is dropped. */
export const MAX_OPEN_MISSES = 3;
/** PropertiesService refuses a value over 9 KB (bytes); stay a little under. */
const MAX_VALUE_BYTES = 9000;
const NAME_CHARS = 60;
const NOTE_CHARS = 300;
const MAX_NOTES = 20;

/** One document with daily refresh on. */
export interface RefreshDocument {
  readonly id: string;
  /** The spreadsheet's name when last seen (for notes only). */
  readonly name: string;
  /** When its imports were last refreshed by the trigger (ms since epoch), 0: never. */
  readonly last: number;
  /** Failed attempts to open it in a row. */
  readonly misses: number;
}

/** What the last daily run did. */
export interface LastRun {
  readonly at: string;
  readonly refreshed: number;
  readonly notes: string[];
}

const definitionsKey = (id: string): string => `${REFRESH_INDEX_PROPERTY}.doc.${id}`;

/** The user's daily-refresh registry over their user properties. */
export class RefreshRegistry {
  constructor(private readonly props: RegistryProperties) {}

  /** Every registered document (malformed entries dropped). */
  documents(): RefreshDocument[] {
    let list: unknown;
    try {
      list = JSON.parse(this.props.getProperty(REFRESH_INDEX_PROPERTY) ?? "[]");
    } catch {
      return [];
    }
    if (!Array.isArray(list)) return [];
    return list.flatMap((x: unknown): RefreshDocument[] => {
      if (x === null || typeof x !== "object") return [];
      const d = x as Record<string, unknown>;
      if (typeof d.id !== "string" || d.id === "") return [];
      return [
        {
          id: d.id,
          name: typeof d.name === "string" ? d.name : d.id,
          last: typeof d.last === "number" ? d.last : 0,
          misses: typeof d.misses === "number" ? d.misses : 0,
        },
      ];
    });
  }

  has(id: string): boolean {
    return this.documents().some((d) => d.id === id);
  }

  /** The copy of a registered document's saved import definitions. */
  definitions(id: string): ImportDefinition[] {
    return parseSavedImports(this.props.getProperty(definitionsKey(id)));
  }

  /** Turn daily refresh on for a document; refuses past MAX_REFRESH_DOCUMENTS. */
  enable(id: string, name: string, definitions: readonly ImportDefinition[]): void {
    const list = this.documents();
    const known = list.find((d) => d.id === id);
    if (!known && list.length >= MAX_REFRESH_DOCUMENTS) {
      throw new Error(
        `Daily refresh is on in ${MAX_REFRESH_DOCUMENTS} spreadsheets already (the most one user may have): turn it off in one of them first`,
      );
    }
    this.storeDefinitions(id, definitions);
    const entry = { id, name: shortName(name), last: known?.last ?? 0, misses: 0 };
    this.storeIndex(known ? list.map((d) => (d.id === id ? entry : d)) : [...list, entry]);
  }

  /** Keep the copy in step with the document (no-op unless the document is registered). */
  syncDefinitions(id: string, definitions: readonly ImportDefinition[]): void {
    if (this.has(id)) this.storeDefinitions(id, definitions);
  }

  /** Turn daily refresh off for a document; true if it was on. */
  disable(id: string): boolean {
    const list = this.documents();
    this.props.deleteProperty(definitionsKey(id));
    if (!list.some((d) => d.id === id)) return false;
    this.storeIndex(list.filter((d) => d.id !== id));
    return true;
  }

  /** Record a document's state after a run (ignored if it was turned off meanwhile). */
  update(entry: RefreshDocument): void {
    const list = this.documents();
    if (!list.some((d) => d.id === entry.id)) return;
    this.storeIndex(
      list.map((d) => (d.id === entry.id ? { ...entry, name: shortName(entry.name) } : d)),
    );
  }

  lastRun(): LastRun | null {
    try {
      const run: unknown = JSON.parse(this.props.getProperty(REFRESH_LAST_RUN_PROPERTY) ?? "null");
      if (run === null || typeof run !== "object") return null;
      const r = run as Record<string, unknown>;
      return {
        at: String(r.at ?? ""),
        refreshed: typeof r.refreshed === "number" ? r.refreshed : 0,
        notes: Array.isArray(r.notes) ? r.notes.map(String) : [],
      };
    } catch {
      return null;
    }
  }

  saveLastRun(run: LastRun): void {
    const notes = run.notes.slice(0, MAX_NOTES).map((n) => n.slice(0, NOTE_CHARS));
    this.props.setProperty(REFRESH_LAST_RUN_PROPERTY, JSON.stringify({ ...run, notes }));
  }

  private storeDefinitions(id: string, definitions: readonly ImportDefinition[]): void {
    const text = JSON.stringify(definitions);
    if (utf8Length(text) > MAX_VALUE_BYTES) {
      throw new Error(
        "This spreadsheet's saved imports are too large to refresh daily: delete some",
      );
    }
    this.props.setProperty(definitionsKey(id), text);
  }

  private storeIndex(list: readonly RefreshDocument[]): void {
    this.props.setProperty(REFRESH_INDEX_PROPERTY, JSON.stringify(list));
  }
}

function shortName(name: string): string {
  return name.length > NAME_CHARS ? `${name.slice(0, NAME_CHARS - 1)}…` : name;
}
