/** `npm run server` as a user runs it: a child process, its printed URL and demo key, SIGTERM. */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { ENDPOINTS } from "../../../src/api/endpoints";
import { ALL_HANDLERS } from "../../../src/server/endpoints";
import { KeyStore } from "../../../src/server/keys/store";
import { newToken } from "../../../src/server/keys/token";
import { ensureDemoKey, parseServerArgs } from "../../../src/server/main";
import { spawnOwned, stopGroup } from "../../helpers/ownedProcesses";
import { A4_REPRODUCER } from "./fixtures";
import { onTheWire, revealsToken, tokenSpellings } from "./tokenSpellings";

const ROOT = path.resolve(__dirname, "../../..");

/** `npm run server` (node --import tsx src/server/main.ts) in a child process, once it listens. */
async function startServerProcess(dir: string, args: readonly string[]) {
  // Exactly the npm script: node itself gets the signal (no tsx CLI parent relaying it).
  const child = spawnOwned(
    process.execPath,
    ["--import", "tsx", "src/server/main.ts", "--port", "0", "--data", dir, ...args],
    { cwd: ROOT, env: { ...process.env, MKT_DEMO_KEY: "" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  const out = { text: "", stdout: "" };
  child.stdout?.on("data", (chunk: Buffer) => {
    out.text += chunk.toString();
    out.stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => (out.text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const deadline = Date.now() + 20_000;
  while (!/Try: curl/.test(out.text) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  const url = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(out.text)?.[1];
  const token = /(mkta_pat_[0-9A-Za-z]{40})/.exec(out.text)?.[1];
  return { child, out, exited, url, token };
}

describe("server command line", () => {
  it("wires a handler for every endpoint of the table, and nothing else", () => {
    expect(Object.keys(ALL_HANDLERS).sort()).toEqual(ENDPOINTS.map((e) => e.id).sort());
  });

  it("reads flags and environment, and explains bad ones", () => {
    expect(
      parseServerArgs(
        ["--port", "9000", "--today", "2024-02-29", "--rate-limit", "5000"],
        {},
        "2025-01-01",
      ),
    ).toMatchObject({
      port: 9000,
      host: "127.0.0.1",
      today: "2024-02-29",
      rateLimitPerMinute: 5000,
      seed: 1,
      scale: 1,
      demoKey: null,
    });
    expect(parseServerArgs([], { PORT: "7000", MKT_DEMO_KEY: "k" }, "2025-01-01")).toMatchObject({
      port: 7000,
      today: "2025-01-01",
      demoKey: "k",
    });
    expect(() => parseServerArgs(["--today", "2025-02-29"], {})).toThrow(/real date/);
    expect(() => parseServerArgs(["--rate-limit", "0"], {})).toThrow(
      /--rate-limit must be a whole number from 1/,
    );
    expect(() => parseServerArgs(["--prot", "1"], {})).toThrow(/Unknown flag --prot/);
  });

  it("creates a demo key once, or registers the one given", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mkt-demo-key-"));
    try {
      const store = new KeyStore(dir);
      const first = ensureDemoKey(store, null);
      const token = (first[1] ?? "").trim();
      expect(store.authenticate(token)).toMatchObject({ ok: true, record: { account: "demo" } });
      expect(ensureDemoKey(store, null)[0]).toMatch(/1 active/);
      const given = newToken();
      expect(ensureDemoKey(store, given)[0]).toMatch(/registered now/);
      expect(ensureDemoKey(store, given)[0]).toMatch(/already known/);
      store.revoke(given);
      expect(ensureDemoKey(store, given)[0]).toMatch(/^Warning: .* is revoked/);
      store.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("starts, prints its URL and a working demo key, and shuts down on SIGTERM", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mkt-main-"));
    const { child, exited, url, token, out } = await startServerProcess(dir, [
      "--today",
      "2025-06-30",
      "--log",
    ]);
    try {
      expect(url).toBeDefined();
      expect(token).toBeDefined();
      const res = await fetch(`${url}/api/mkt-a/fetch-all-user-shops`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: "SUCCESS" });
      // --log: the request log is stdout (redirected to a file, often); the key is not in it.
      const logged = Date.now() + 5000;
      while (!/fetch-all-user-shops/.test(out.stdout) && Date.now() < logged)
        await new Promise((r) => setTimeout(r, 50));
      expect(out.stdout).toMatch(/fetch-all-user-shops/);
      expect(out.stdout).not.toContain(token);
      // The 23 spellings of the key in a path, a query and headers: the log gives none away.
      const key = token ?? "";
      for (const spelling of Object.values(tokenSpellings(key)).map(onTheWire)) {
        await fetch(`${url}/api/${spelling}?k=${spelling}`, {
          headers: { Authorization: `Bearer ${spelling}`, "X-Api-Key": spelling },
        });
      }
      const after = Date.now() + 5000;
      while ((out.stdout.match(/incoming request/g) ?? []).length < 24 && Date.now() < after)
        await new Promise((r) => setTimeout(r, 50));
      expect((out.stdout.match(/incoming request/g) ?? []).length).toBeGreaterThanOrEqual(24);
      expect(revealsToken(out.stdout, key)).toBe(false);
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      // Shutdown wrote the batched lastUsed date.
      expect(new KeyStore(dir).list()[0]?.lastUsed).not.toBeNull();
    } finally {
      await stopGroup(child, "SIGKILL");
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("npm run server under load", () => {
  it("ends a busy server within 2 s of SIGTERM, and its demo has no formula-looking names", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mkt-main-busy-"));
    const server = await startServerProcess(dir, ["--rate-limit", "100000"]);
    const { child, exited, out } = server;
    const url = server.url ?? "";
    const token = server.token ?? "";
    try {
      const post = (p: string, body: unknown) =>
        fetch(url + p, {
          method: "POST",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });

      // The demo as `npm run server` serves it: the first page of products by profit.
      const page = await post(
        "/api/mkt-a/financial-breakdown/products/100001/SG/sorted-by-profit",
        {
          pageSize: 500,
        },
      );
      const entries = ((await page.json()) as { data: { entries: { name?: string }[] } }).data
        .entries;
      expect(entries.length).toBe(500);
      expect(entries.filter((e) => /^[=+\-@]/.test(e.name ?? ""))).toEqual([]);

      // Busy: the old hang reproducer and shop-wide overviews, 40 at a time, again and again.
      let stop = false;
      const load = async (): Promise<void> => {
        while (!stop) {
          await Promise.allSettled([
            post("/api/mkt-a/financial-breakdown/required-price", A4_REPRODUCER),
            post("/api/mkt-a/financial-breakdown/shop-overview/100001/SG", {}),
          ]);
        }
      };
      const loaders = Array.from({ length: 20 }, load);
      await new Promise((r) => setTimeout(r, 1000));
      const signalled = Date.now();
      child.kill("SIGTERM");
      const code = await exited;
      const tookMs = Date.now() - signalled;
      stop = true;
      await Promise.allSettled(loaders);
      expect({ code, said: /SIGTERM: closing connections/.test(out.text) }).toEqual({
        code: 0,
        said: true,
      });
      expect(tookMs).toBeLessThan(2000);
    } finally {
      await stopGroup(child, "SIGKILL");
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);
});
