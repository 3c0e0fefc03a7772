/**
 * The product card's reference methods where Excel has ExcelApi 1.19: `=B2.RequiredPrice(25%)`
 * and `=B2.ProfitAt(19.90)` ("Add reference methods to cell values", learn.microsoft.com).
 * Each is a custom function with the options capturesCallingObject (Excel passes the card as
 * a first argument the seller does not see) and excludeFromAutoComplete. It reads what the
 * card was asked with (marketplace, ids, basis: core/card.ts CardAsk) and answers through the
 * catalog function a seller would type for the same question, so the figure, the requests and
 * their coalescing are that function's:
 * - RequiredPrice(targetMargin, [category]) = REQUIRED_PRICE(marketplace, shop, region,
 *   category, cogs = the card's COGS line, targetMargin, "requiredListingPrice", VAT, date,
 *   seller type). A and B answers carry no category: the seller gives it; C's card has it.
 * - ProfitAt(buyerPrice) = SET_BUYER_PRICE_PREVIEW(marketplace, shop, region, item, buyerPrice,
 *   model or SKU, "netProfit" (A) / "resultingProfit" (B, C), VAT, date, ads cost).
 */
import { ArgumentError } from "../../functions/argumentError";
import { REQUIRED_PRICE } from "../../functions/catalog/requiredPrice";
import { SET_BUYER_PRICE_PREVIEW } from "../../functions/catalog/setBuyerPricePreview";
import type { SheetFunction } from "../../functions/define";
import { CARD_METHOD_IDS } from "./excelCard";
import { type CardReader, readCard } from "./cardProperties";
import { toExcelError } from "./excelValues";
import { invokeFunction, type InvokeContext } from "./invoke";
import type {
  ExcelFunctionMetadata,
  ExcelFunctionsMetadata,
  ExcelParameterMetadata,
} from "./metadata";
import type { CustomFunctionsGlobal, ExcelCell } from "./officeGlobals";
import { EXCEL_PLACES } from "./places";

type Method = keyof typeof CARD_METHOD_IDS;
type Named = Record<string, unknown>;

/** The shop fields as the cross-marketplace functions take them (B's seller in shopId). */
function shopOf(card: CardReader, withSeller = true): Named {
  const m = card.marketplace;
  const shop = m === "B" ? "sellerId" : "shopId";
  card.need(...(withSeller ? [shop] : []), ...(m === "C" ? [] : ["region"]));
  return {
    marketplace: m,
    shopId: withSeller ? card.number(shop) : undefined,
    region: m === "C" ? undefined : card.text("region"),
  };
}

/** The card's VAT basis as TRUE/FALSE (A asked with includeVat, B and C with hasVat). */
const vatOf = (card: CardReader) => card.flag("includeVat") ?? card.flag("hasVat");

function requiredPriceArgs(card: CardReader, args: readonly unknown[]): Named {
  const m = card.marketplace;
  const [targetMargin, category] = args;
  const cogsLine = card.number("manufacturingCogs") ?? card.number("cogs");
  if (cogsLine === undefined)
    throw new ArgumentError("card", "has no COGS line, so its required price cannot be asked");
  const given =
    category === null || category === undefined || category === "" ? undefined : category;
  const cat = given ?? card.text("category");
  if (cat === undefined)
    throw new ArgumentError(
      "category",
      `is required for marketplace ${m}: the API's product answer does not name its category; give its category id, e.g. =B2.RequiredPrice(25%, 100008)`,
    );
  return {
    // B's required price is per region: no seller (REQUIRED_PRICE refuses one).
    ...shopOf(card, m !== "B"),
    category: cat,
    cogs: Math.abs(cogsLine),
    targetMargin,
    field: "requiredListingPrice",
    hasVat: vatOf(card),
    effectiveDate: card.text("effectiveDate"),
    sellerType: m === "B" ? card.text("sellerType") : undefined,
  };
}

function profitAtArgs(card: CardReader, args: readonly unknown[]): Named {
  const m = card.marketplace;
  const item = m === "C" ? "productId" : "itemId";
  card.need(item);
  const variant = card.text("modelId") ?? card.text("skuId");
  if (m !== "A" && variant === undefined)
    throw new ArgumentError(
      "card",
      `is a whole marketplace ${m} product: the buyer-price preview prices one SKU, so make a card with its skuId`,
    );
  return {
    ...shopOf(card),
    itemId: card.text(item),
    targetBuyerPrice: args[0],
    variantId: variant,
    // The previews name the profit per unit netProfit (A22) and resultingProfit (B15, C9).
    field: m === "A" ? "netProfit" : "resultingProfit",
    includeVat: vatOf(card),
    effectiveDate: card.text("effectiveDate"),
    adsCostPerSale: m === "C" ? card.number("adsCostPerSale") : undefined,
  };
}

interface MethodSpec {
  readonly description: string;
  readonly parameters: readonly ExcelParameterMetadata[];
  readonly answeredBy: SheetFunction;
  argsOf(card: CardReader, args: readonly unknown[]): Named;
}

const param = (name: string, description: string, optional = false): ExcelParameterMetadata => ({
  name,
  description,
  type: "any",
  dimensionality: "scalar",
  optional,
});

const METHODS: Record<Method, MethodSpec> = {
  RequiredPrice: {
    description:
      "Listing price that reaches a target margin for this card's product, its COGS and basis (REQUIRED_PRICE).",
    parameters: [
      param("targetMargin", "Target margin: 25% or 0.25."),
      param(
        "category",
        "Category id (A, B; required there) or path (C; default the card's category).",
        true,
      ),
    ],
    answeredBy: REQUIRED_PRICE,
    argsOf: requiredPriceArgs,
  },
  ProfitAt: {
    description:
      "Net profit per unit of this card's product or model if the buyer paid this price (SET_BUYER_PRICE_PREVIEW).",
    parameters: [param("buyerPrice", "Final price the buyer pays.")],
    answeredBy: SET_BUYER_PRICE_PREVIEW,
    argsOf: profitAtArgs,
  },
};

/** functions.json: the catalog's functions, then the card's methods. */
export function withCardMethods(catalog: ExcelFunctionsMetadata): ExcelFunctionsMetadata {
  return { ...catalog, functions: [...catalog.functions, ...cardMethodsMetadata()] };
}

/** functions.json entries of the methods (the card first, as Microsoft's sample declares it). */
function cardMethodsMetadata(): ExcelFunctionMetadata[] {
  return Object.entries(METHODS).map(([method, spec]) => ({
    id: CARD_METHOD_IDS[method as Method],
    name: CARD_METHOD_IDS[method as Method],
    description: spec.description,
    result: { type: "any", dimensionality: "matrix" },
    parameters: [param("card", "The product card (calling object)."), ...spec.parameters],
    options: {
      cancelable: true,
      requiresAddress: true,
      capturesCallingObject: true,
      excludeFromAutoComplete: true,
    },
  }));
}

/** One method call: Excel's raw arguments are the card, the method's own, then the invocation. */
export async function runCardMethod(
  method: Method,
  raw: readonly unknown[],
  ctx: InvokeContext,
): Promise<ExcelCell | ExcelCell[][]> {
  const spec = METHODS[method];
  const own = raw.slice(1, 1 + spec.parameters.length);
  const invocation = raw[1 + spec.parameters.length];
  let named: Named;
  try {
    named = spec.argsOf(readCard(raw[0]), own);
  } catch (error) {
    throw toExcelError(error, ctx.customFunctions, ctx.places ?? EXCEL_PLACES);
  }
  const fn = spec.answeredBy;
  const args = fn.params.map((p) => named[p.name] ?? null);
  return invokeFunction(fn, [...args, invocation ?? null], ctx);
}

/** Associates every method's custom function id. */
export function associateCardMethods(cf: CustomFunctionsGlobal, ctx: InvokeContext): string[] {
  return (Object.keys(METHODS) as Method[]).map((method) => {
    const id = CARD_METHOD_IDS[method];
    cf.associate(id, (...raw: unknown[]) => runCardMethod(method, raw, ctx));
    return id;
  });
}
