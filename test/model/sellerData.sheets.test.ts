/**
 * Issue 33 in Google Sheets: 6,000 random sequences in CI (what fits in about 45 s on one idle core at the rates of bench/results.md, "Seller data: speed and more seeds"; cut cleanly at 45 s saying how many ran; 10,000 in `npm run bench:model`) of seller, API and add-in actions
 * (actions.ts) over the add-on's sidebar server, menu and daily refresh; after every add-in
 * step what the seller typed is still there, once, beside its product (sellerModel.ts).
 */
import { checkSellerData } from "./property";
import { sheetsHost } from "./sheetsHost";

jest.setTimeout(120_000);

test("every sequence keeps what the seller typed beside its product (Sheets)", async () => {
  const run = await checkSellerData((api) => sheetsHost(api), {
    daily: true,
    runs: 6000,
    seconds: 45,
  });
  console.log(`Sheets: ${run.ran} of ${run.runs} sequences, seed ${run.seed}, ${run.seconds} s`);
  expect(run.ran).toBeGreaterThan(0);
});
