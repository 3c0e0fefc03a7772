/**
 * The `field` argument, refused before any request when it shares no word with a figure the
 * contract names (its figures, its response fields, the breakdown lines of the contract notes)
 * or a label the tables add ("Basis"). A header as a table shows it, the API's name or a path
 * (metadata.x, which reaches any field an API sends) passes; whether this answer has it is
 * told once it is in (pickField).
 */
import { ENDPOINTS } from "../api/endpoints";
import { contractNames } from "../api/figures";
import { ArgumentError } from "./argumentError";
import { optional, textParam } from "./params";

/** Breakdown lines of the contract notes (spec 2.5) and words of the tables' own labels. */
const OTHER_NAMES =
  "originalModelPrice specialPriceDiscount commissionFee serviceFee transactionFee paymentFee " +
  "platformFee preOrderFee freeShippingCommission coinDeduction manufacturingCogs adsCostPerSale " +
  "returnCost vat currency cogsSource hasVat isPreOrder isOwnFleetOnly status basis line perUnit frame answer";

/** "adsCostPerSale", "Net profit (per unit)" -> its words in lower case. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1);
}

let known: Set<string> | undefined;
function knownWords(): Set<string> {
  known ??= new Set(
    [
      ...contractNames(),
      ...ENDPOINTS.flatMap((e) => e.response.fields.map((f) => f.name)),
      ...OTHER_NAMES.split(" "),
    ].flatMap(wordsOf),
  );
  return known;
}

/** `name` when it may name a figure, else the error naming the argument and what it takes. */
export function checkFieldName(name: string): string {
  if (name.includes(".") || wordsOf(name).some((w) => knownWords().has(w))) return name;
  throw new ArgumentError(
    "field",
    `"${name}" names no figure: use a row or column header as the table shows it (Net profit, Commission fee, Margin, Units sold), the API's name (netProfit) or a path (metadata.commissionRate); leave it empty for the whole table`,
  );
}

const text = textParam(
  "field",
  'Return one figure instead of the table: a row or column header as the table shows it ("VAT", "Net profit (per unit)"), that header as one word (vatPerUnit), the API\'s name (commissionFee) or a path (metadata.commissionRate). Default: the whole table.',
);
export const field = optional({ ...text, read: (raw) => checkFieldName(text.read(raw)) });
