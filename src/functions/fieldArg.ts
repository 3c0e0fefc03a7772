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

/**
 * Words of the contract notes' breakdown lines (spec 2.5: transactionFee, coinDeduction...),
 * metadata and C4's flags, and the tables' own labels ("Basis", "Line") that the names above
 * lack: a name is split into such words (isOwnFleetOnly: is, own, fleet, only).
 */
const OTHER_WORDS =
  "transaction payment platform pre free shipping coin deduction currency source has is own " +
  "fleet only status basis line frame answer";

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
  known ??= new Set([
    ...[
      ...contractNames(),
      ...ENDPOINTS.flatMap((e) => e.response.fields.map((f) => f.name)),
    ].flatMap(wordsOf),
    ...OTHER_WORDS.split(" "),
  ]);
  return known;
}

/** `name` when it may name a figure, else the error naming the argument and what it takes. */
export function checkFieldName(name: string): string {
  if (name.includes(".") || wordsOf(name).some((w) => knownWords().has(w))) return name;
  throw new ArgumentError(
    "field",
    `"${name}" names no figure: use a header the table shows (Net profit, Margin, Units sold), its API name (netProfit) or a path (metadata.x)`,
  );
}

/**
 * The `field` argument of a function whose table holds `examples` (figures its own answer has,
 * as "Its header" (itsApiName) pairs): the help's examples are ones the function takes
 * (test/functions/helpExamples.test.ts types each into it).
 */
export function fieldOf(examples: string) {
  const text = textParam(
    "field",
    `Return one figure instead of the table: ${examples}. A header as the table shows it, that header as one word or the API's name all work. Default: the whole table.`,
  );
  return optional({
    ...text,
    read: (raw: Parameters<typeof text.read>[0]) => checkFieldName(text.read(raw)),
  });
}

/** `field` of a breakdown: every marketplace's breakdown has these lines. */
export const field = fieldOf(
  '"VAT" (vatPerUnit), "Net profit" (netProfit), "Commission fee" (commissionFee) or a path (metadata.commissionRate)',
);
