/**
 * Argument names as a seller reads them in the function builder and bulk calculation: the
 * marketplace's words ("Shop", "Product (item id)", "SKU"), not the API's (shopId, itemId).
 * Formulas, Excel's functions.json and the docs keep the API's names: they are what a formula's
 * tooltip and the contract call the argument.
 */
import { humanize } from "../core/shape";

const LABELS: Readonly<Record<string, string>> = {
  shopId: "Shop",
  sellerId: "Seller (shop)",
  region: "Region",
  marketplace: "Marketplace",
  itemId: "Product (item id)",
  modelId: "Model",
  skuId: "SKU",
  productId: "Product (product id)",
  variantId: "Model or SKU",
  categoryId: "Category",
  category: "Category",
  field: "Figure to show",
  headers: "Header row",
  lookbackDays: "Sales window (days)",
  includeVat: "Count VAT as a cost",
  hasVat: "Count VAT as a cost",
  effectiveDate: "Fee date",
  manufacturingCogs: "Unit cost (COGS)",
  cogs: "Unit cost (COGS)",
  buyerPaidShippingFee: "Shipping the buyer pays",
  adsCostPerSale: "Ads cost per sale",
  returnCostPerSale: "Return cost per sale",
  limit: "Most rows",
  sortBy: "Sort by",
  topN: "Top products listed",
  compareToPrevious: "Compare with the period before",
  sellerType: "Seller programme",
  isInFreeShipping: "In free shipping",
  isPreOrder: "Pre-order",
  isOwnFleetOnly: "Own fleet only",
  targetMargin: "Target margin",
  targetProfit: "Target profit (A)",
  targetDiscount: "Planned discount (amount)",
  targetDiscountPercent: "Planned discount (%)",
  targetBuyerPrice: "Price the buyer pays",
  frame: "Attribution",
  target: "Target",
  mode: "Target kind (A)",
  price: "List price",
  query: "Search words",
};

/** The label of argument `name` ("shopId" -> "Shop"); an unlisted name in plain words. */
export function paramLabel(name: string): string {
  return LABELS[name] ?? humanize(name);
}
