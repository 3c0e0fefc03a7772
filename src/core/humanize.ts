/** API field names in the seller's words: "commissionFee" -> "Commission fee". */

/** Words sellers know as capitals. */
const ACRONYMS = /\b(vat|cogs|roas|gmv|sku|cgf)\b/g;

/** Wire names a seller would not say: B7's cursor copy of the product's id (spec 2.3). */
const SELLER_WORDS: Readonly<Record<string, string>> = {
  rtProductId: "Product id",
  // A share shown as %: "Variants with COGS percent 87.82%" said percent twice.
  variantsWithCogsPercent: "Share of variants with COGS",
  unitsWithExplicitCogsPercent: "Share of units with explicit COGS",
};

/** Field names are a small vocabulary read per cell: each is worded once (bounded, in case). */
const worded = new Map<string, string>();

/** "commissionFee" -> "Commission fee"; "raw.profitAdjustedRoas" -> "Raw profit adjusted ROAS". */
export function humanize(key: string): string {
  const known = worded.get(key) ?? SELLER_WORDS[key];
  if (known !== undefined) return known;
  const words = key
    .replace(/\./g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase()
    .trim()
    .replace(ACRONYMS, (w) => w.toUpperCase());
  const label = words.charAt(0).toUpperCase() + words.slice(1);
  if (worded.size >= 5000) worded.clear();
  worded.set(key, label);
  return label;
}
