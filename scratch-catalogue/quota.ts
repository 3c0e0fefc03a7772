import { chromium } from "playwright-core";
import http from "node:http";
import fs from "node:fs";
(async () => {
  const server = http.createServer((req, res) => res.writeHead(200, { "Content-Type": "text/html" }).end("<p>hi</p>"));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as any).port;
  const persistent = process.argv[2] === "p";
  const dir = fs.mkdtempSync("/tmp/catalogue-prof-");
  const context = persistent
    ? await chromium.launchPersistentContext(dir, { executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"], headless: true })
    : await (await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"], headless: true })).newContext();
  const page = await context.newPage();
  const origin = `http://127.0.0.1:${port}`;
  await page.goto(origin + "/");
  console.log("before", await page.evaluate("navigator.storage.estimate()"));
  const cdp = await context.newCDPSession(page);
  console.log(await cdp.send("Storage.overrideQuotaForOrigin" as any, { origin, quotaSize: 4_000_000 }));
  console.log("after", await page.evaluate("navigator.storage.estimate()"));
  const r = await page.evaluate(`(async () => {
    const db = await new Promise((res, rej) => { const o = indexedDB.open("filler"); o.onupgradeneeded = () => o.result.createObjectStore("x"); o.onsuccess = () => res(o.result); o.onerror = () => rej(o.error); });
    const put = (k, size) => new Promise((res) => { const t = db.transaction("x", "readwrite"); const b = new Uint8Array(size); for (let i = 0; i < size; i += 65536) crypto.getRandomValues(b.subarray(i, Math.min(size, i + 65536))); t.objectStore("x").put(b.buffer, k); t.oncomplete = () => res("ok"); t.onabort = () => res("abort " + (t.error && t.error.name)); });
    const out = [];
    for (let k = 0; k < 10; k++) { out.push(await put(k, 500000)); const e = await navigator.storage.estimate(); out.push(String(e.usage)); }
    return out;
  })()`);
  console.log((r as string[]).join(" "));
  await context.close(); server.close();
})();
