/**
 * The product card as Excel hands it back to a reference method (capturesCallingObject): the
 * entity's JSON, read as `properties[name].basicValue` (Microsoft's samples). That Excel passes
 * back every property unchanged is not stated (test/hosts/FAKES.md E-C17), so each is read by
 * what it means, not by the type the add-in wrote: an id as a String or a Double, a figure as a
 * Double or a numeric String, a TRUE/FALSE as a String or a Boolean. A property the method
 * needs that is missing or unreadable is named in the error, with the way to make it again.
 */
import { ArgumentError } from "../../functions/argumentError";

const CARD_FUNCTIONS = "MKTA_PRODUCT_CARD, MKTB_PRODUCT_CARD or MKTC_PRODUCT_CARD";

const MARKETPLACES = ["A", "B", "C"] as const;

/** What a method reads from the card. */
export interface CardReader {
  readonly marketplace: (typeof MARKETPLACES)[number];
  /** An id or a text ("100001", 100001 -> "100001"); undefined when absent. */
  text(name: string): string | undefined;
  /** A number (12.5 or "12.5"); undefined when absent; an error when it is not a number. */
  number(name: string): number | undefined;
  /** TRUE/FALSE as the catalog takes it ("TRUE", true -> "TRUE"); undefined when absent. */
  flag(name: string): "TRUE" | "FALSE" | undefined;
  /** Throws, naming every one of `names` the card does not hold. */
  need(...names: string[]): void;
}

type Plain = string | number | boolean;

/** A property's plain value: `{ basicValue }` as written, or a bare value; else undefined. */
function plainOf(property: unknown): Plain | undefined {
  const v =
    property !== null && typeof property === "object"
      ? (property as { basicValue?: unknown }).basicValue
      : property;
  if (typeof v === "string") return v.trim() === "" ? undefined : v.trim();
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  return typeof v === "boolean" ? v : undefined;
}

/** The card Excel passed, or an error saying it is not one of the add-in's product cards. */
export function readCard(card: unknown): CardReader {
  const props =
    card !== null && typeof card === "object"
      ? (card as { properties?: unknown }).properties
      : undefined;
  const all: Record<string, unknown> =
    props !== null && typeof props === "object" ? (props as Record<string, unknown>) : {};
  const market = String(plainOf(all.marketplace) ?? "").toUpperCase();
  const marketplace = MARKETPLACES.find((m) => m === market);
  if (!marketplace)
    throw new ArgumentError("card", `is not a product card: use it on a cell of ${CARD_FUNCTIONS}`);
  const get = (name: string) => plainOf(all[name]);
  const remake = `make the card again with MKT${marketplace}_PRODUCT_CARD`;
  return {
    marketplace,
    text: (name) => {
      const v = get(name);
      if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
      return v === undefined ? undefined : String(v);
    },
    number: (name) => {
      const v = get(name);
      if (v === undefined) return undefined;
      const n = typeof v === "number" ? v : typeof v === "string" ? Number(v) : NaN;
      if (!Number.isFinite(n))
        throw new ArgumentError(
          "card",
          `holds ${JSON.stringify(v)} as ${name}, not a number (Excel changed it): ${remake}`,
        );
      return n;
    },
    flag: (name) => {
      const v = get(name);
      if (v === undefined) return undefined;
      const text = String(v).toUpperCase();
      if (v === true || v === 1 || text === "TRUE") return "TRUE";
      if (v === false || v === 0 || text === "FALSE") return "FALSE";
      throw new ArgumentError(
        "card",
        `holds ${JSON.stringify(v)} as ${name}, not TRUE or FALSE (Excel changed it): ${remake}`,
      );
    },
    need: (...names) => {
      const missing = names.filter((n) => get(n) === undefined);
      if (missing.length > 0)
        throw new ArgumentError(
          "card",
          `has no ${missing.join(", ")} (Excel did not pass ${missing.length > 1 ? "them" : "it"} back with the card): ${remake}`,
        );
    },
  };
}
