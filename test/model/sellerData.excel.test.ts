/**
 * Issue 33 in Excel: 4,000 random sequences in CI (what fits in about 45 s on one idle core at the rates of bench/results.md, "Seller data: speed and more seeds"; cut cleanly at 45 s saying how many ran; 10,000 in `npm run bench:model`) of seller, API and add-in actions (actions.ts)
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
      runs: 4000,
      seconds: 45,
    });
    console.log(`Excel: ${run.ran} of ${run.runs} sequences, seed ${run.seed}, ${run.seconds} s`);
    expect(run.ran).toBeGreaterThan(0);
  } finally {
    real();
  }
});
