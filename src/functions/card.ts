/**
 * A breakdown answer as a product card (core/card.ts): its lines, net profit, margin and the
 * headline figures of its metadata under the catalog's field names, then the basis it was
 * computed on and when the API last synced the data.
 */
import { dateTimeArrayToIso, isDateTimeArray } from "../api/datetime";
import { Card, type CardAsk, type CardField } from "../core/card";
import { call, type Program } from "../core/effects";
import { Figure, currencyOf, figureCell } from "../core/figure";
import { breakdownLines, humanize, isRecord, lineLabel, netProfitOf } from "../core/shape";
import { basisRow } from "./shape";

/** Metadata figures the card shows under its net profit, in this order, where sent. */
const HEADLINE = ["revenue", "margin", "unitsSold", "commissionRate", "vatRate"];

/** Argument names that say which product a card is about (the rest of its ask is its basis). */
const PRODUCT_ARGS = new Set([
  "shopId",
  "sellerId",
  "region",
  "itemId",
  "productId",
  "modelId",
  "skuId",
]);

/** When the API last synced the data, as the seller reads it ("2025-06-30 02:00 UTC"). */
function freshText(fresh: unknown): string | null {
  const iso = isDateTimeArray(fresh) ? dateTimeArrayToIso(fresh) : fresh;
  if (typeof iso !== "string" || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(iso)) return null;
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/**
 * When the API last synced the shop's data. Single-product answers carry no time; the shop's
 * product list does (spec 2.3, dataFreshAt), so one entry of it is asked: identical for every
 * card of the shop, so a filled-down column asks it once. Null where the list did not answer.
 */
export function* syncTime(
  endpoint: "A7" | "B7",
  shop: Readonly<Record<string, unknown>>,
): Program<string | null> {
  try {
    const page: unknown = yield* call<unknown, string, Record<string, unknown>>(endpoint, {
      ...shop,
      pageSize: 1,
    });
    return isRecord(page) ? freshText(page.dataFreshAt) : null;
  } catch {
    return null; // the card still answers; its time says it is unknown
  }
}

/** Marketplace C's category levels as one path, "L1 > L2 > L3" (REQUIRED_PRICE's form). */
function categoryText(meta: Readonly<Record<string, unknown>>): string {
  return [meta.categoryL1, meta.categoryL2, meta.categoryL3]
    .filter((c): c is string => typeof c === "string" && c !== "")
    .join(" > ");
}

/** The ask of a card: the marketplace, and the ids and basis sent (plain values only). */
export function askOf(
  marketplace: CardAsk["marketplace"],
  sent: Readonly<Record<string, unknown>>,
): CardAsk {
  const args: Record<string, string | number | boolean> = {};
  for (const [name, v] of Object.entries(sent))
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") args[name] = v;
  return { marketplace, args };
}

/** A value of the ask as a card line shows it (TRUE/FALSE as Excel writes them). */
const askText = (v: string | number | boolean) =>
  typeof v === "boolean" ? (v ? "TRUE" : "FALSE") : String(v);

/**
 * The card of one breakdown answer; `title` names the product ("Item 10001691"); `ask` (the
 * marketplace, ids and basis sent) lets Excel's reference methods ask about the same product.
 */
export function cardOf(
  value: unknown,
  title: string,
  sent?: Readonly<Record<string, unknown>>,
  ask?: CardAsk,
  /** The sync time asked beside the answer (syncTime); the answer's own wins. */
  synced: string | null = null,
) {
  const currency = currencyOf(value);
  const money = (n: number) => new Figure(n, "money", currency);
  const meta = isRecord(value) && isRecord(value.metadata) ? value.metadata : {};
  const lines: CardField[] = breakdownLines(value).map(([name, line]) => ({
    name,
    label: lineLabel(name, line),
    value: money(line.amount),
  }));
  const net = money(netProfitOf(value));
  const headline: CardField[] = [{ name: "netProfit", label: "Net profit", value: net }];
  for (const name of HEADLINE) {
    const shown = figureCell(name, meta[name], currency);
    if (shown instanceof Figure) headline.push({ name, label: humanize(name), value: shown });
  }
  const basis = sent ? basisRow(sent) : null;
  const fresh =
    freshText(isRecord(value) ? (value.dataFreshAt ?? meta.dataFreshAt) : undefined) ?? synced;
  const asked = Object.entries(ask?.args ?? {});
  const product: CardField[] = [
    ...(ask ? [{ name: "marketplace", label: "Marketplace", value: ask.marketplace }] : []),
    ...asked
      .filter(([n]) => PRODUCT_ARGS.has(n))
      .map(([name, v]) => ({ name, label: humanize(name), value: askText(v) })),
    // Marketplace C answers name the category path, which RequiredPrice asks with.
    ...(typeof meta.categoryL1 === "string"
      ? [{ name: "category", label: "Category", value: categoryText(meta) }]
      : []),
  ];
  const about: CardField[] = [
    ...(basis ? [{ name: "basis", label: "Basis", value: String(basis[1]) }] : []),
    ...asked
      .filter(([n]) => !PRODUCT_ARGS.has(n))
      .map(([name, v]) => ({ name, label: humanize(name), value: askText(v) })),
    {
      name: "dataFreshAt",
      label: "Data as of",
      value:
        fresh ??
        (ask?.marketplace === "C"
          ? "not reported (marketplace C's API sends no sync time)"
          : "unknown (the shop's product list, which carries it, did not answer)"),
    },
    ...(typeof meta.currency === "string"
      ? [{ name: "currency", label: "Currency", value: meta.currency }]
      : []),
  ];
  const names = (fields: readonly CardField[]) => fields.map((f) => f.name);
  return new Card(
    net,
    title,
    [...lines, ...headline, ...product, ...about],
    [
      { title: "Per unit", fields: names(lines) },
      { title: "Profit", fields: names(headline) },
      ...(product.length > 0 ? [{ title: "Product", fields: names(product) }] : []),
      { title: "Basis", fields: names(about) },
    ],
    ask,
  );
}
