/**
 * What Apps Script keeps between executions, shared by all of them: spreadsheets (with their
 * document cache, properties and lock), the script cache/properties/lock, each user's
 * properties/cache/lock, and the add-on's installable triggers. Caches and properties are the
 * limit-keeping fakes of fakes.ts on the simulated clock.
 */
import { FakeClock, FakeProperties } from "../fakes";
import { SimCache } from "./simCache";
import { KIND, type Strictness } from "./strict";
import { SimBook } from "./book";
import { Recalc } from "./recalc";

/** The simulated clock as the fakes read it. */
export class SimClock extends FakeClock {}

/** A LockService lock: one holder (an execution), waiters served in order. */
export class SimLock {
  holder: number | null = null;
  readonly waiters: Array<{ readonly exec: number; readonly grant: () => void }> = [];
}

/** A spreadsheet and what belongs to it. */
export class SimDoc {
  readonly book: SimBook;
  readonly recalc: Recalc;
  readonly properties = new FakeProperties();
  readonly cache: SimCache;
  readonly lock = new SimLock();
  readonly editors = new Set<string>();
  /** Each user's selection (sheet name and A1 box). */
  readonly selection = new Map<
    string,
    { sheet: string; row: number; col: number; rows: number; cols: number }
  >();
  readonly toasts: string[] = [];
  /** Pending writes lost because another execution deleted their sheet first (commit.ts). */
  lostWrites = 0;
  constructor(
    id: string,
    readonly owner: string | null,
    clock: SimClock,
    isCustom: (name: string) => boolean,
    strict: Strictness,
  ) {
    this.book = new SimBook(id, `Spreadsheet ${id}`);
    this.book.keepMemoOnClear = !strict.rerunOnClearFlushSet;
    this.recalc = new Recalc(this.book, isCustom, () => clock.now());
    this.cache = new SimCache(clock, strict.googleEviction);
  }
  canOpen(user: string): boolean {
    return user === this.owner || this.editors.has(user);
  }
}

/** An installable trigger the add-on made (it runs as its creator). */
export interface TriggerRecord {
  readonly uid: string;
  readonly fn: string;
  readonly type: "ON_EDIT" | "ON_CHANGE" | "ON_OPEN" | "CLOCK";
  /** The document it was made in (clock triggers fire with no document open). */
  readonly doc: string | null;
  readonly user: string;
  /** Clock triggers: next firing (sim ms) and repeat period, if any. */
  nextAt?: number;
  readonly everyMs?: number;
  /** A recurring trigger's runs each start up to this late (never early). */
  readonly jitterMs?: number;
}

export interface UserState {
  readonly properties: FakeProperties;
  readonly cache: SimCache;
  readonly lock: SimLock;
  urlFetchesToday: number;
  /** Daily counters (reset when the simulated day changes). */
  day: number;
  propertiesToday: number;
  triggerMsToday: number;
  /** Every Properties call this user's executions made (never reset). */
  propertiesCalls: number;
}

export class HostState {
  readonly docs = new Map<string, SimDoc>();
  readonly users = new Map<string, UserState>();
  readonly scriptCache: SimCache;
  readonly scriptProperties = new FakeProperties();
  readonly scriptLock = new SimLock();
  readonly triggers: TriggerRecord[] = [];
  readonly ui: Array<{ at: number; user: string; what: string; detail: unknown }> = [];
  /** Add-ons' time-driven triggers run at most hourly; a one-off fires no sooner than this. */
  addOnClockMinMs = 3_600_000;
  private triggerSeq = 0;

  constructor(
    readonly clock: SimClock,
    readonly isCustom: (name: string) => boolean,
    readonly strict: Strictness = KIND,
  ) {
    this.scriptCache = new SimCache(clock, strict.googleEviction);
  }

  /** Every cache (for early drops). */
  allCaches(): SimCache[] {
    return [
      this.scriptCache,
      ...[...this.docs.values()].map((d) => d.cache),
      ...[...this.users.values()].map((u) => u.cache),
    ];
  }

  /** A user's counters for today (a new simulated day starts them afresh). */
  today(email: string): UserState {
    const u = this.user(email);
    const day = Math.floor(this.clock.now() / 86_400_000);
    if (u.day !== day) {
      u.day = day;
      u.propertiesToday = 0;
      u.triggerMsToday = 0;
      u.urlFetchesToday = 0;
    }
    return u;
  }

  user(email: string): UserState {
    let u = this.users.get(email);
    if (!u) {
      u = {
        properties: new FakeProperties(),
        cache: new SimCache(this.clock, this.strict.googleEviction),
        lock: new SimLock(),
        urlFetchesToday: 0,
        day: Math.floor(this.clock.now() / 86_400_000),
        propertiesToday: 0,
        triggerMsToday: 0,
        propertiesCalls: 0,
      };
      this.users.set(email, u);
    }
    return u;
  }

  /** A spreadsheet; `owner` null: a shared drive's file (no owner, only editors). */
  addDoc(id: string, owner: string | null): SimDoc {
    const doc = new SimDoc(id, owner, this.clock, this.isCustom, this.strict);
    this.docs.set(id, doc);
    if (owner !== null) this.user(owner);
    return doc;
  }

  doc(id: string): SimDoc {
    const d = this.docs.get(id);
    if (!d) throw new Error(`sim: no spreadsheet ${id}`);
    return d;
  }

  /** Every lock: the script's, each document's, each user's. */
  allLocks(): SimLock[] {
    return [
      this.scriptLock,
      ...[...this.docs.values()].map((d) => d.lock),
      ...[...this.users.values()].map((u) => u.lock),
    ];
  }

  nextTriggerUid(): string {
    return `trigger-${++this.triggerSeq}`;
  }
}
