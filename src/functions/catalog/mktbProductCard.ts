import { askOf, cardOf, syncTime } from "../card";
import { regionCode, returnRateWindow } from "../common";
import { defineFunction } from "../define";
import { integerId, optional } from "../params";
import { defined } from "../requests";
import { variantBreakdown } from "../variantRows";
import { basisB, sellerIdB } from "./paramsB";
import { unitOptionsB, variantPlanB } from "./planB";

export const MKTB_PRODUCT_CARD = defineFunction({
  name: "MKTB_PRODUCT_CARD",
  help: "A marketplace B product or SKU as one cell: in Excel a card with every breakdown line, the margin, the basis and the data's time (=B2.netProfit reads a line); elsewhere its net profit.",
  marketplace: "B",
  endpoints: ["B1", "B2", "B7"],
  result: "scalar",
  params: [
    sellerIdB,
    regionCode,
    integerId("itemId", "Marketplace B item (product) id: one per cell (fill down for more)."),
    optional(integerId("skuId", "Marketplace B SKU id; empty for the whole product.")),
    returnRateWindow,
    ...basisB,
  ],
  notes: [
    'Excel (Microsoft 365, Excel on the web) shows a card; its fields are the catalog\'s names: =B2.netProfit, =B2.margin, FIELDVALUE(B2, "commission").',
    "Older Excel, Google Sheets and the web demo show the product's net profit per unit.",
    "Asked as MKTB_BREAKDOWN cells are: a SKU through the per-SKU batch endpoint; plus one request per seller for the data's sync time (the product list carries it).",
  ],
  example: '=MKTB_PRODUCT_CARD(500001, "MY", 40000001)',
  *run(a) {
    const options = unitOptionsB(a);
    const common = { sellerId: a.sellerId, region: a.region };
    const ask = askOf("B", defined({ ...common, itemId: a.itemId, skuId: a.skuId, ...options }));
    const title = `Item ${a.itemId}${a.skuId === undefined ? "" : `, SKU ${a.skuId}`}`;
    const synced = yield* syncTime("B7", common);
    // MKTB_BREAKDOWN's own body, shaped as a card: the same requests, the same coalescing.
    const out = yield* variantBreakdown(
      variantPlanB(
        a,
        { values: [a.itemId], isRange: false },
        { values: [a.skuId], isRange: false },
      ),
      {},
      (value, _headers, sent) => [[cardOf(value, title, sent, ask, synced)]],
    );
    return Array.isArray(out) ? (out[0]?.[0] ?? "") : out;
  },
});
