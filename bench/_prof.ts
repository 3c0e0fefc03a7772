import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { buildServer } from "../src/server/app";
import { generateDemoData } from "../src/server/data/generate";
import { ALL_HANDLERS } from "../src/server/endpoints";
import { KeyStore } from "../src/server/keys/store";
import { loadTest } from "./load";
async function main() {
  const TODAY = "2025-06-30";
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mkt-prof-"));
  const keyStore = new KeyStore(dataDir);
  const token = keyStore.create({ label: "bench", account: "demo" }).token;
  const app = buildServer({ handlers: ALL_HANDLERS, data: generateDemoData({ seed: 1, scale: 5, today: TODAY }), keyStore, today: TODAY, rateLimitPerMinute: 1e8 });
  const baseUrl = await app.listen({ host: "127.0.0.1", port: 0 });
  const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  const url = baseUrl + "/api/mkt-a/financial-breakdown/products/100001/SG/sorted-by-profit";
  let t = Date.now();
  const r = await fetch(url, { method: "POST", headers, body: JSON.stringify({ pageSize: 500 }) });
  const text = await r.text();
  console.log("first", r.status, Date.now() - t, "ms", text.length, "bytes");
  const res = await loadTest({ url, headers, body: { pageSize: 500 }, connections: 10, durationSeconds: Number(process.argv[2] ?? 5) });
  console.log(res);
  await app.close(); keyStore.close();
}
main();
