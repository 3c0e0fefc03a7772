import { apiCall } from "../../core/effects";
import { defineFunction } from "../define";
import { defined } from "../requests";
import { variantBreakdown } from "../variantRows";
import { basisA, variantRowsA } from "./paramsA";

export const MKTA_BREAKDOWN = defineFunction({
  name: "MKTA_BREAKDOWN",
  help: "Per-unit profit breakdown of a marketplace A product or model, from actual sales.",
  marketplace: "A",
  endpoints: ["A1", "A2"],
  params: [...variantRowsA, ...basisA],
  notes: [
    "With modelId the per-model batch endpoint answers: a range of model ids costs one request per 100 ids.",
    "With a modelId and includeVat FALSE each model is asked on its own (the batch endpoint always counts VAT).",
    'Margins are fractions (0.235 = 23.5 %); the API\'s percent points are field "marginPoints".',
  ],
  example: '=MKTA_BREAKDOWN(100001, "SG", 10001691)',
  *run(a) {
    const common = { shopId: a.shopId, region: a.region };
    return yield* variantBreakdown(
      {
        product: { name: "itemId", arg: a.itemId },
        variant: { name: "modelId", label: "model", arg: a.modelId },
        // A1 has no includeVat and counts VAT for registered shops, like A2 with includeVat
        // TRUE: with FALSE, each model is asked through A2.
        batch: {
          endpoint: "A1",
          params: defined({
            ...common,
            lookbackDays: a.lookbackDays,
            effectiveDate: a.effectiveDate,
          }),
          usable: a.includeVat !== false,
        },
        callOf: (itemId, modelId) =>
          itemId === undefined
            ? null
            : apiCall(
                "A2",
                defined({
                  ...common,
                  itemId,
                  modelId,
                  lookbackDays: a.lookbackDays,
                  includeVat: a.includeVat,
                  effectiveDate: a.effectiveDate,
                }),
              ),
        where: `in shop ${a.shopId}`,
        listedBy: "MKTA_ITEM(shop, region, item) lists the item's models",
      },
      a,
    );
  },
});
