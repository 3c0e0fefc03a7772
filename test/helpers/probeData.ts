/**
 * Demo data whose marketplace A product names carry the probe strings (trickyText.ts): every
 * 50th product is HOSTILE_NAME, and the 5th of every 10 is the next probe in turn, so all of
 * them are among the first 530 products of each shop. Hosts import it and must read every name
 * back as exactly that text.
 */
import { generateDemoData } from "../../src/server/data/generate";
import type { DemoData } from "../../src/server/data/model";
import { TRICKY_TEXTS } from "./trickyText";

/** The text a hostile product name carries (a host that parses it makes a live link). */
export const HOSTILE_NAME = '=HYPERLINK("http://x","y")';

export function probeNamedData(): DemoData {
  const data = generateDemoData({ seed: 1, scale: 1, today: "2025-06-30" });
  return {
    ...data,
    accounts: data.accounts.map((account) => ({
      ...account,
      shopsA: account.shopsA.map((shop) => ({
        ...shop,
        products: shop.products.map((p, i) =>
          i % 50 === 0
            ? { ...p, name: HOSTILE_NAME }
            : i % 10 === 5
              ? { ...p, name: TRICKY_TEXTS[Math.floor(i / 10) % TRICKY_TEXTS.length] ?? p.name }
              : p,
        ),
      })),
    })),
  };
}
