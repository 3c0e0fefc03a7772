/**
 * Issue 33 in Excel: at most 1,550 random sequences in CI (the day's seed was checked that far before the stop; cut cleanly at 30 s saying how many ran, for CI's 25 minutes; 10,000 in `npm run bench:model`) of seller, API and add-in actions (actions.ts)
 * over the task pane's bridge on the Office.js workbook fake, "refresh on open" standing for
 * the unattended refresh; after every add-in step what the seller typed is still there, once,
 * beside its product (sellerModel.ts). Time is virtual (virtualTime.ts).
 */
// office-addin-mock's manifest dependency is ESM-only: give it the host names alone.
jest.mock("office-addin-manifest", () => ({
  OfficeApp: { Excel: "excel", Outlook: "outlook", PowerPoint: "powerpoint", Word: "word" },
}));
import { excelHost } from "./excelHost";
import { checkSellerData } from "./property";
import { installVirtualTime } from "./virtualTime";

jest.setTimeout(120_000);

test("every sequence keeps what the seller typed beside its product (Excel)", async () => {
  const real = installVirtualTime();
  try {
    const run = await checkSellerData((api) => excelHost(api), {
      daily: false,
      runs: 1550,
      seconds: 30,
    });
    console.log(`Excel: ${run.ran} of ${run.runs} sequences, seed ${run.seed}, ${run.seconds} s`);
    expect(run.ran).toBeGreaterThan(0);
  } finally {
    real();
  }
});
