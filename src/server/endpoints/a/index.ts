/** Marketplace A endpoint handlers, keyed by endpoint id (A1..A22). */
import type { EndpointHandler } from "../../handler";
import { a1ModelBatch, a2Product, a3NewProduct, a6Item } from "./breakdowns";
import { a19CommissionImpact, a20CommissionOverview } from "./commission";
import { a11SortedByProfit, a12SortedByRoas, a7Products } from "./listings";
import {
  a13Overview,
  a14Summary,
  a15Products,
  a16Breakdowns,
  a17Flow,
  a18MarginDistribution,
} from "./overview";
import { a4RequiredPrice } from "./requiredPrice";
import { a10CorrectedRoas, a8ProfitAdjustedRoas } from "./roas";
import { a21PreviewSetMargin, a22PreviewSetBuyerPrice } from "./setMargin";
import { a5Simulate } from "./simulate";

export const handlersA: Record<string, EndpointHandler> = {
  A1: a1ModelBatch,
  A2: a2Product,
  A3: a3NewProduct,
  A4: a4RequiredPrice,
  A5: a5Simulate,
  A6: a6Item,
  A7: a7Products,
  A8: a8ProfitAdjustedRoas,
  A9: a8ProfitAdjustedRoas, // A9 answers as A8 (see roas.ts)
  A10: a10CorrectedRoas,
  A11: a11SortedByProfit,
  A12: a12SortedByRoas,
  A13: a13Overview,
  A14: a14Summary,
  A15: a15Products,
  A16: a16Breakdowns,
  A17: a17Flow,
  A18: a18MarginDistribution,
  A19: a19CommissionImpact,
  A20: a20CommissionOverview,
  A21: a21PreviewSetMargin,
  A22: a22PreviewSetBuyerPrice,
};
