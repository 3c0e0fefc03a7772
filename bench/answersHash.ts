/**
 * `npx tsx bench/answersHash.ts [--scale N] [--out FILE]`: a SHA-256 of the reference server's
 * answers to A2, A6, A7, A8, A10, A11 and A12 over every marketplace A shop of the demo data
 * and several windows (`lookbackDays`, `effectiveDate`, `includeVat`), every page of each list.
 * For changes that must not change a byte of an answer: run it before and after and compare
 * (the per-case hashes go to --out, the total to stdout).
 */
import * as crypto from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { P_A } from "../src/api/endpoints";
import { buildServer } from "../src/server/app";
import { generateDemoData } from "../src/server/data/generate";
import { ALL_HANDLERS } from "../src/server/endpoints";
import { integerFlag, parseFlags } from "../src/server/keys/flags";
import { KeyStore } from "../src/server/keys/store";

const TODAY = "2025-06-30";

const WINDOWS: readonly Record<string, unknown>[] = [
  {},
  { lookbackDays: 1 },
  { lookbackDays: 7, includeVat: true },
  { lookbackDays: 30, effectiveDate: "2023-12-31" },
  { lookbackDays: 90, effectiveDate: "2024-01-01", includeVat: true },
  { lookbackDays: 365 },
  { lookbackDays: 730, effectiveDate: "2025-06-01" },
];

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2), { scale: "value", out: "value" });
  const scale = integerFlag(flags, "scale", 1, 1, 100);
  const data = generateDemoData({ seed: 1, scale, today: TODAY });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mkt-bench-hash-"));
  const keyStore = new KeyStore(dataDir);
  const token = keyStore.create({ label: "bench", account: "demo" }).token;
  const app = buildServer({
    handlers: ALL_HANDLERS,
    data,
    keyStore,
    today: TODAY,
    rateLimitPerMinute: 100_000_000,
  });
  const baseUrl = await app.listen({ host: "127.0.0.1", port: 0 });
  const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  const total = crypto.createHash("sha256");
  const lines: string[] = [];
  let requests = 0;
  let notOk = 0;
  const ask = async (name: string, url: string, body: unknown): Promise<unknown> => {
    const res = await fetch(`${baseUrl}${url}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    });
    const text = await res.text();
    requests += 1;
    if (res.status !== 200) notOk += 1;
    const h = crypto.createHash("sha256").update(`${res.status}\n${text}`).digest("hex");
    total.update(`${name}\n${h}\n`);
    lines.push(`${h} ${res.status} ${name}`);
    return res.status === 200 ? JSON.parse(text) : null;
  };
  try {
    // The key's account only (other accounts' shops answer 404).
    const shops = data.accounts.filter((a) => a.id === "demo").flatMap((a) => a.shopsA);
    // And the day the demo data's commission rates change (after today).
    const windows = [
      ...WINDOWS,
      { lookbackDays: 60, effectiveDate: data.scheduledRateChangeDate, includeVat: true },
    ];
    for (const shop of shops) {
      const at = `${shop.shopId}/${shop.region}`;
      const items = shop.products.map((p) => p.itemId);
      const some = [items[0], items[1], items[Math.floor(items.length / 2)], items.at(-1)];
      for (const [wi, w] of windows.entries()) {
        const tag = `${at} w${wi}`;
        let cursor: unknown = undefined;
        for (let page = 0; ; page++) {
          const body = {
            pageSize: 500,
            ...w,
            ...(cursor === undefined ? {} : { cursorRtProductId: cursor }),
          };
          const answer = (await ask(`A7 ${tag} p${page}`, `${P_A}/products/${at}`, body)) as {
            nextCursor?: unknown;
          } | null;
          cursor = answer?.nextCursor ?? null;
          if (cursor === null) break;
        }
        for (const [id, list] of [
          ["A11", "/sorted-by-profit"],
          ["A12", "/sorted-by-profit-adjusted-roas"],
        ] as const)
          for (let page = 0; page * 500 < items.length; page++)
            await ask(`${id} ${tag} p${page}`, `${P_A}/products/${at}${list}`, {
              pageSize: 500,
              page,
              ...w,
            });
        for (const itemId of some) {
          await ask(`A6 ${tag} ${itemId}`, `${P_A}/item/${at}/${itemId}`, { ...w });
          await ask(`A8 ${tag} ${itemId}`, `${P_A}/profit-adjusted-roas/${at}/${itemId}`, {
            ...w,
          });
        }
        const lookback = typeof w.lookbackDays === "number" ? { lookbackDays: w.lookbackDays } : {};
        await ask(`A10 ${tag}`, `${P_A}/corrected-roas/${at}`, { itemIds: some, ...lookback });
      }
    }
    if (flags.values.out) fs.writeFileSync(flags.values.out, lines.join("\n") + "\n");
    console.log(`${requests} answers (${notOk} not 200), sha256 ${total.digest("hex")}`);
  } finally {
    await app.close();
    keyStore.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
