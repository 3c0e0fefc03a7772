import { shopOverviewFunction } from "../overview";
import { sellerIdB } from "./paramsB";

export const MKTB_OVERVIEW = shopOverviewFunction({
  name: "MKTB_OVERVIEW",
  help: "Marketplace B shop overview: profit, revenue, cost waterfall, best/worst products, margin spread.",
  marketplace: "B",
  endpoint: "B16",
  shop: sellerIdB,
  example: '=MKTB_OVERVIEW(500001, "MY", "totalProfit")',
});
