import { call } from "../../core/effects";
import { askOf, cardOf, syncTime } from "../card";
import { defineFunction } from "../define";
import { integerId, optional } from "../params";
import { defined } from "../requests";
import { basisA, shopIdA } from "./paramsA";
import { regionCode } from "../common";

export const MKTA_PRODUCT_CARD = defineFunction({
  name: "MKTA_PRODUCT_CARD",
  help: "A marketplace A product or model as one cell: in Excel a card with every breakdown line, the margin, the basis and the data's time (=B2.netProfit reads a line); elsewhere its net profit.",
  marketplace: "A",
  endpoints: ["A2", "A7"],
  result: "scalar",
  params: [
    shopIdA,
    regionCode,
    integerId("itemId", "Marketplace A item (product) id: one per cell (fill down for more)."),
    optional(
      integerId("modelId", "Marketplace A model (variant) id; empty for the whole product."),
    ),
    ...basisA,
  ],
  notes: [
    'Excel (Microsoft 365, Excel on the web) shows a card; its fields are the catalog\'s names: =B2.netProfit, =B2.margin, FIELDVALUE(B2, "commissionFee").',
    "Older Excel, Google Sheets and the web demo show the product's net profit per unit.",
    "A filled-down column of cards is asked like MKTA_BREAKDOWN cells: coalesced into shop-wide requests, plus one request per shop for the data's sync time (the product list carries it).",
  ],
  example: '=MKTA_PRODUCT_CARD(100001, "SG", 10001691)',
  *run(a) {
    const sent = defined({
      shopId: a.shopId,
      region: a.region,
      itemId: a.itemId,
      modelId: a.modelId,
      lookbackDays: a.lookbackDays,
      includeVat: a.includeVat,
      effectiveDate: a.effectiveDate,
    });
    // Reads the whole profit table, as a breakdown cell does: the scheduler may answer it
    // from a shop-wide list entry (the same batching path as MKTA_BREAKDOWN).
    const value: unknown = yield* call("A2", sent, [{ profitTable: true }]);
    const synced = yield* syncTime("A7", { shopId: a.shopId, region: a.region });
    const model = a.modelId === undefined ? "" : `, model ${a.modelId}`;
    return cardOf(value, `Item ${a.itemId}${model}`, sent, askOf("A", sent), synced);
  },
});
