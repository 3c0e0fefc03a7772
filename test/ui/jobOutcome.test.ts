/**
 * A job resumed when the sidebar opens ends with its own summary, as when its section runs it
 * (the attack run's resumed campaign said only "finished").
 */
import { jobDoneText } from "../../src/ui/jobOutcome";
import type { CampaignOutcome } from "../../src/sidebar/jobs/campaignJob";

test("a resumed campaign says what it priced; a kind without a summary says it finished", () => {
  const campaign: CampaignOutcome = {
    sheetName: "Campaign",
    rows: 138,
    requests: 9,
    cannotJoin: 2,
    losses: 11,
    belowTarget: 20,
    currency: "SGD",
    keptEdits: 0,
  };
  expect(jobDoneText("campaign", "Campaign sheet", campaign)).toBe(
    "Campaign sheet: finished. Campaign: 138 SKUs priced in 9 requests (prices in SGD). 2 cannot join, 11 lose money in the campaign, 20 fall below the target margin (Flag column).",
  );
  expect(jobDoneText("pricingBuild", "Pricing", { sheetName: "Pricing" })).toBe(
    "Pricing: finished.",
  );
  expect(jobDoneText("campaign", "Campaign sheet", null)).toBe("Campaign sheet: finished.");
});
