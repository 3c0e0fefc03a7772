import { askOf, cardOf } from "../card";
import { effectiveDate, hasVat, returnRateWindow } from "../common";
import { defineFunction } from "../define";
import { optional, textId } from "../params";
import { defined } from "../requests";
import { variantBreakdown } from "../variantRows";
import { adsCostPerSale, shopIdC } from "./paramsC";
import { variantPlanC } from "./planC";

export const MKTC_PRODUCT_CARD = defineFunction({
  name: "MKTC_PRODUCT_CARD",
  help: "A marketplace C product or SKU as one cell: in Excel a card with every breakdown line, the margin, the basis and the data's time (=B2.netProfit reads a line); elsewhere its net profit.",
  marketplace: "C",
  endpoints: ["C1", "C2", "C3"],
  result: "scalar",
  params: [
    shopIdC,
    textId("productId", "Marketplace C product id: one per cell (fill down for more)."),
    optional(textId("skuId", "Marketplace C SKU id; empty for the whole product.")),
    returnRateWindow,
    hasVat,
    adsCostPerSale,
    effectiveDate,
  ],
  notes: [
    'Excel (Microsoft 365, Excel on the web) shows a card; its fields are the catalog\'s names: =B2.netProfit, =B2.margin, FIELDVALUE(B2, "platformFee").',
    "Older Excel, Google Sheets and the web demo show the product's net profit per unit.",
    "Asked as MKTC_BREAKDOWN cells are: a filled-down column of products is coalesced into batch requests.",
  ],
  example: '=MKTC_PRODUCT_CARD(700001, "17700001000001")',
  *run(a) {
    const unitOptions = defined({
      hasVat: a.hasVat,
      adsCostPerSale: a.adsCostPerSale,
      lookbackDays: a.lookbackDays,
      effectiveDate: a.effectiveDate,
    });
    const ask = askOf(
      "C",
      defined({ shopId: a.shopId, productId: a.productId, skuId: a.skuId, ...unitOptions }),
    );
    const title = `Product ${a.productId}${a.skuId === undefined ? "" : `, SKU ${a.skuId}`}`;
    // MKTC_BREAKDOWN's own body, shaped as a card: the same requests, the same coalescing.
    const out = yield* variantBreakdown(
      variantPlanC(
        a,
        { values: [a.productId], isRange: false },
        { values: [a.skuId], isRange: false },
      ),
      {},
      (value, _headers, sent) => [[cardOf(value, title, sent, ask)]],
    );
    return Array.isArray(out) ? (out[0]?.[0] ?? "") : out;
  },
});
