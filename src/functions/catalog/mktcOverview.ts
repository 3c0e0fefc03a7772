import { shopOverviewFunction } from "../overview";
import { shopIdC } from "./paramsC";

export const MKTC_OVERVIEW = shopOverviewFunction({
  name: "MKTC_OVERVIEW",
  help: "Marketplace C shop overview from settled statements: profit, revenue, costs, best/worst products.",
  marketplace: "C",
  endpoint: "C10",
  shop: shopIdC,
  example: '=MKTC_OVERVIEW(700001, "TH", "totalProfit")',
});
