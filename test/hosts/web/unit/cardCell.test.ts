/**
 * The web demo's engine has no cards: a product card's answer (the entity Excel's path hands
 * it) shows the product's net profit in its money format, as Sheets shows it (issue 23 item 2).
 */
import { Card } from "../../../../src/core/card";
import { Figure } from "../../../../src/core/figure";
import { excelEntity } from "../../../../src/hosts/shared/excelCard";
import { shownResult } from "../../../../src/hosts/web/engineErrors";

test("a card cell shows its net profit, formatted as money in its currency", () => {
  const net = new Figure(-5.5, "money", "VND");
  const card = new Card(
    net,
    "Item 1",
    [{ name: "netProfit", label: "Net profit", value: net }],
    [{ title: "Profit", fields: ["netProfit"] }],
  );
  expect(shownResult(excelEntity(card))).toEqual({
    value: -5.5,
    message: null,
    formats: [[0, 0, "#,##0"]],
    errors: [],
  });
});
