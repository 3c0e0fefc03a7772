/**
 * Date-time fields travel as arrays [year, month (1-based), day, hour, minute, second]
 * (spec 2.4). We read them as UTC wall-clock time (contract-notes "Pagination"), so the ISO
 * form ends in Z.
 */

export type DateTimeArray = readonly [
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
];

const LIMITS: readonly (readonly [number, number])[] = [
  [1, 9999],
  [1, 12],
  [1, 31],
  [0, 23],
  [0, 59],
  [0, 59],
];

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : (MONTH_DAYS[month - 1] ?? 0);
}

/** True when `x` is a six-integer array naming a real calendar date and time. */
export function isDateTimeArray(x: unknown): x is DateTimeArray {
  if (!Array.isArray(x) || x.length !== 6) return false;
  for (let i = 0; i < 6; i++) {
    const v: unknown = x[i];
    const [lo, hi] = LIMITS[i] ?? [0, 0];
    if (typeof v !== "number" || !Number.isInteger(v) || v < lo || v > hi) return false;
  }
  return (x[2] as number) <= daysInMonth(x[0] as number, x[1] as number);
}

const pad = (n: number, width = 2): string => String(n).padStart(width, "0");

/** `[2024, 5, 1, 13, 4, 5]` -> `"2024-05-01T13:04:05Z"`; throws RangeError on a bad array. */
export function dateTimeArrayToIso(a: DateTimeArray): string {
  if (!isDateTimeArray(a)) throw new RangeError(`Not a date-time array: ${JSON.stringify(a)}`);
  const [y, mo, d, h, mi, s] = a;
  return `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}Z`;
}

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * `"2024-05-01T13:04:05Z"` (or a date alone, or with an offset) -> UTC date-time array.
 * No zone means UTC. Fractions of a second are dropped. Throws RangeError on anything else.
 */
export function isoToDateTimeArray(iso: string): DateTimeArray {
  const m = ISO.exec(iso.trim());
  if (!m) throw new RangeError(`Not an ISO date-time: ${iso}`);
  const n = (i: number): number => Number(m[i] ?? 0);
  const local: DateTimeArray = [n(1), n(2), n(3), n(4), n(5), n(6)];
  if (!isDateTimeArray(local)) throw new RangeError(`Not a calendar date-time: ${iso}`);
  const zone = m[7];
  if (zone === undefined || zone === "Z") return local;
  const sign = zone.startsWith("-") ? -1 : 1;
  const digits = zone.slice(1).replace(":", "");
  const offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  const u = new Date(0); // setUTCFullYear, not Date.UTC, so years below 100 stay as given
  u.setUTCFullYear(n(1), n(2) - 1, n(3));
  u.setUTCHours(n(4), n(5) - offsetMinutes, n(6), 0);
  const utc: DateTimeArray = [
    u.getUTCFullYear(),
    u.getUTCMonth() + 1,
    u.getUTCDate(),
    u.getUTCHours(),
    u.getUTCMinutes(),
    u.getUTCSeconds(),
  ];
  if (!isDateTimeArray(utc)) throw new RangeError(`Out of range after offset: ${iso}`);
  return utc;
}

/**
 * A `date` field such as dataFreshAt (spec 2.3 calls it a date, 2.4 serializes date-times as
 * arrays) as an ISO UTC date-time: the six-number array, or an ISO date or date-time string
 * (a date alone is its midnight UTC). Null when it is absent or neither.
 */
export function dateFieldToIso(value: unknown): string | null {
  if (isDateTimeArray(value)) return dateTimeArrayToIso(value);
  if (typeof value !== "string") return null;
  try {
    return dateTimeArrayToIso(isoToDateTimeArray(value));
  } catch {
    return null;
  }
}
