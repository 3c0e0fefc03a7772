/**
 * A breakdown answer as a product card (core/card.ts): its lines, net profit, margin and the
 * headline figures of its metadata under the catalog's field names, then the basis it was
 * computed on and when the API last synced the data.
 */
import { Card, type CardField } from "../core/card";
import { Figure, currencyOf, figureCell } from "../core/figure";
import { breakdownLines, humanize, isRecord, lineLabel, netProfitOf } from "../core/shape";
import { basisRow } from "./shape";

/** Metadata figures the card shows under its net profit, in this order, where sent. */
const HEADLINE = ["revenue", "margin", "unitsSold", "commissionRate", "vatRate"];

/** The card of one breakdown answer; `title` names the product ("Item 10001691"). */
export function cardOf(value: unknown, title: string, sent?: Readonly<Record<string, unknown>>) {
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
  const fresh = isRecord(value) ? (value.dataFreshAt ?? meta.dataFreshAt) : undefined;
  const about: CardField[] = [
    ...(basis ? [{ name: "basis", label: "Basis", value: String(basis[1]) }] : []),
    {
      name: "dataFreshAt",
      label: "Data as of",
      value: typeof fresh === "string" ? fresh : "not in this answer (the API sent no sync time)",
    },
    ...(typeof meta.currency === "string"
      ? [{ name: "currency", label: "Currency", value: meta.currency }]
      : []),
  ];
  const names = (fields: readonly CardField[]) => fields.map((f) => f.name);
  return new Card(
    net,
    title,
    [...lines, ...headline, ...about],
    [
      { title: "Per unit", fields: names(lines) },
      { title: "Profit", fields: names(headline) },
      { title: "Basis", fields: names(about) },
    ],
  );
}
