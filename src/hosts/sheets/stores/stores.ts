/**
 * Apps Script storage behind the core's interfaces. CacheService holds responses and the
 * rate-limit state (keys are hashes of the API key, never the key). The API key and the
 * settings live in USER properties only: document and script properties are readable by
 * every editor.
 */
import {
  ApiError,
  CACHE_SERVICE_LIMITS,
  type KeyValueStore,
  type StoreLimits,
} from "../../../core";
import { readBasis, type ProfitBasis } from "../../../functions/basis";
import { rejectedMark } from "../../shared/keyStatus";
import type { CacheLike, PropertiesLike } from "./gas";
import { rerunsSpentUntil, TRIGGER_DAY_PROPERTY, triggerBudgetSpent } from "./triggerDay";

/** CacheService as a KeyValueStore that refuses what Google would refuse. */
export class CacheServiceStore implements KeyValueStore {
  readonly limits: StoreLimits = CACHE_SERVICE_LIMITS;
  constructor(private readonly cache: CacheLike) {}

  get(key: string): string | null {
    return this.cache.get(key);
  }
  getAll(keys: readonly string[]): Record<string, string> {
    return keys.length === 0 ? {} : this.cache.getAll([...keys]);
  }
  put(key: string, value: string, ttlSec: number): void {
    this.cache.put(key, value, this.ttl(ttlSec));
  }
  putAll(entries: Readonly<Record<string, string>>, ttlSec: number): void {
    this.cache.putAll({ ...entries }, this.ttl(ttlSec));
  }
  remove(key: string): void {
    this.cache.remove(key);
  }
  private ttl(ttlSec: number): number {
    return Math.max(1, Math.min(Math.ceil(ttlSec), this.limits.maxTtlSec));
  }
}

const KEY_PROPERTY = "mkt.apiKey";
const BASE_URL_PROPERTY = "mkt.baseUrl";
const CACHE_MINUTES_PROPERTY = "mkt.cacheMinutes";
const LIST_ANSWERS_PROPERTY = "mkt.listAnswers";
/** The profit basis: "off" when output VAT is not counted; the A sales window in days. */
const COUNT_VAT_PROPERTY = "mkt.countVat";
const SALES_WINDOW_PROPERTY = "mkt.salesWindowDays";
/** The API rejected the saved key: a hash of it (the sidebar shows the key red). */
const KEY_REJECTED_PROPERTY = "mkt.keyRejected";

/** What the user set. */
export interface UserSettings {
  readonly baseUrl: string;
  /** How long a result stays fresh, minutes (1 to 360). */
  readonly cacheMinutes: number;
  /** "Answer many product cells from shop-wide lists" (on unless turned off). */
  readonly listAnswers: boolean;
}

/** The user's API key and settings in user properties. */
export class UserSettingsStore {
  constructor(
    private readonly props: PropertiesLike,
    private readonly defaultBaseUrl: string,
  ) {}

  /**
   * What goes on after the trigger run filling now (fill/clock.ts writes it): "1" clock runs
   * within minutes, "h" the add-on's hourly run, "0" nothing until an edit or the sidebar;
   * null: not known yet.
   */
  fillChain(): string | null {
    return this.props.getProperty("mkt.fillChain");
  }

  /** The filler's trigger minutes for today are spent: it fills in short runs (triggerDay.ts). */
  triggerBudgetSpent(now: number): boolean {
    return triggerBudgetSpent(this.props.getProperty(TRIGGER_DAY_PROPERTY), now);
  }

  /** When today's re-runs of cells are all used, the day's end (ms); else null (triggerDay.ts). */
  rerunsSpentUntil(now: number): number | null {
    return rerunsSpentUntil(this.props.getProperty(TRIGGER_DAY_PROPERTY), now);
  }

  apiKey(): string | null {
    const key = this.props.getProperty(KEY_PROPERTY);
    return key && key.trim() !== "" ? key : null;
  }
  saveApiKey(key: string): void {
    this.props.setProperty(KEY_PROPERTY, key);
    this.props.deleteProperty(KEY_REJECTED_PROPERTY);
  }
  /** Has the API rejected the saved key since it was saved? */
  keyRejected(): boolean {
    const key = this.apiKey();
    return key !== null && this.props.getProperty(KEY_REJECTED_PROPERTY) === rejectedMark(key);
  }
  markRejected(key: string): void {
    this.props.setProperty(KEY_REJECTED_PROPERTY, rejectedMark(key));
  }
  forgetApiKey(): void {
    this.props.deleteProperty(KEY_PROPERTY);
  }
  settings(): UserSettings {
    const minutes = Number(this.props.getProperty(CACHE_MINUTES_PROPERTY) ?? "10");
    return {
      baseUrl: this.props.getProperty(BASE_URL_PROPERTY) ?? this.defaultBaseUrl,
      cacheMinutes: Number.isFinite(minutes) && minutes >= 1 && minutes <= 360 ? minutes : 10,
      listAnswers: this.props.getProperty(LIST_ANSWERS_PROPERTY) !== "off",
    };
  }
  /** The seller's profit basis (the add-in's default until set). */
  basis(): ProfitBasis {
    return basisOf(this.props);
  }
  saveBasis(basis: ProfitBasis): void {
    this.props.setProperty(COUNT_VAT_PROPERTY, basis.countVat ? "on" : "off");
    this.props.setProperty(SALES_WINDOW_PROPERTY, String(basis.salesWindowDays));
  }
  saveSettings(settings: UserSettings): void {
    this.props.setProperty(BASE_URL_PROPERTY, settings.baseUrl);
    this.props.setProperty(CACHE_MINUTES_PROPERTY, String(settings.cacheMinutes));
    this.props.setProperty(LIST_ANSWERS_PROPERTY, settings.listAnswers ? "on" : "off");
  }
}

/** The profit basis kept in these (user) properties. */
export function basisOf(props: Pick<PropertiesLike, "getProperty">): ProfitBasis {
  return readBasis(props.getProperty(COUNT_VAT_PROPERTY), props.getProperty(SALES_WINDOW_PROPERTY));
}

/** Check cache minutes from the sidebar. */
export function checkCacheMinutes(value: unknown): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 360) {
    throw new ApiError(
      "CONFIG",
      "Cache minutes must be a whole number from 1 to 360 (CacheService keeps 6 h at most)",
    );
  }
  return n;
}
