/**
 * `npm run server -- [--port N] [--host H] [--data DIR] [--today YYYY-MM-DD] [--seed N]
 * [--scale N] [--catalogue demo|large] [--rate-limit N] [--demo-key TOKEN] [--log]`: generates
 * the demo data, makes sure the demo account has a key, listens and prints the URL and how to
 * get a key.
 */
import * as path from "path";
import { buildServer } from "./app";
import { useServerHeapPolicy } from "./heap";
import { generateDemoData } from "./data/generate";
import { CATALOGUES, type Catalogue } from "./data/largeCatalogue";
import { ALL_HANDLERS } from "./endpoints";
import { FlagError, integerFlag, parseFlags } from "./keys/flags";
import { KeyStore, KeyStoreError } from "./keys/store";
import { isRealDate } from "../api/schema";

/** Longest wait for open requests after SIGTERM or Ctrl-C. */
const SHUTDOWN_GRACE_MS = 1500;

/** Everything the server command line decides. */
export interface ServerSettings {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly today: string;
  readonly seed: number;
  readonly scale: number;
  /** "large" adds a team's 10,000-product catalogue to the demo account. */
  readonly catalogue: Catalogue;
  readonly rateLimitPerMinute: number;
  /** Token to register for the demo account (--demo-key or MKT_DEMO_KEY), or null. */
  readonly demoKey: string | null;
  readonly log: boolean;
}

/** The `--catalogue` flag of `npm start` and `npm run server`: "demo" when absent. */
export function catalogueFlag(value: string | undefined): Catalogue {
  if (value === undefined) return "demo";
  const found = CATALOGUES.find((c) => c === value);
  if (found === undefined)
    throw new FlagError(
      `--catalogue must be demo (the small demo account, the default) or large (10,000 more ` +
        `products: A 5,000 in two shops, B 3,000, C 2,000); got "${value}".`,
    );
  return found;
}

/** Reads flags and environment (PORT, MKT_DATA_DIR, MKT_DEMO_KEY); throws FlagError. */
export function parseServerArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  clockToday: string = new Date().toISOString().slice(0, 10),
): ServerSettings {
  const flags = parseFlags(argv, {
    port: "value",
    host: "value",
    data: "value",
    today: "value",
    seed: "value",
    scale: "value",
    catalogue: "value",
    "rate-limit": "value",
    "demo-key": "value",
    log: "switch",
  });
  if (flags.positionals.length > 0) throw new FlagError(`Unexpected "${flags.positionals[0]}".`);
  const envPort = env.PORT === undefined || env.PORT === "" ? 8787 : Number(env.PORT);
  if (!Number.isSafeInteger(envPort))
    throw new FlagError(`PORT must be a whole number (got "${env.PORT}").`);
  const today = flags.values.today ?? clockToday;
  if (!isRealDate(today))
    throw new FlagError(`--today must be a real date written YYYY-MM-DD (got "${today}").`);
  return {
    port: integerFlag(flags, "port", envPort, 0, 65535),
    host: flags.values.host ?? "127.0.0.1",
    dataDir: path.resolve(flags.values.data ?? env.MKT_DATA_DIR ?? ".data"),
    today,
    seed: integerFlag(flags, "seed", 1, 0, 2 ** 31 - 1),
    scale: integerFlag(flags, "scale", 1, 1, 1000),
    catalogue: catalogueFlag(flags.values.catalogue),
    rateLimitPerMinute: integerFlag(flags, "rate-limit", 60, 1, 10_000_000),
    demoKey: flags.values["demo-key"] ?? (env.MKT_DEMO_KEY || null),
    log: flags.switches.has("log"),
  };
}

/** Makes sure the demo account can be used; returns the lines to print about its key. */
export function ensureDemoKey(store: KeyStore, demoKey: string | null): string[] {
  if (demoKey !== null) {
    const { record, created } = store.register(demoKey, { label: "demo key", account: "demo" });
    const status = store.statusOf(record);
    if (status !== "active") {
      return [`Warning: the demo key given (${record.prefix}...) is ${status}; give another one.`];
    }
    return [
      `Demo key: the one given (${record.prefix}..., ${created ? "registered now" : "already known"}).`,
    ];
  }
  const active = store.list().filter((r) => r.account === "demo" && store.statusOf(r) === "active");
  if (active.length > 0) {
    return [
      `Demo account keys: ${active.length} active (npm run keys -- list). Tokens are shown only when created;`,
      "lost it? npm run keys -- create --label NAME",
    ];
  }
  const { token } = store.create({ label: "demo key (first start)", account: "demo" });
  return ["Demo key, shown only this once (copy it now):", `  ${token}`];
}

async function main(): Promise<void> {
  const settings = parseServerArgs(process.argv.slice(2), process.env);
  useServerHeapPolicy();
  const store = new KeyStore(settings.dataDir);
  const keyLines = ensureDemoKey(store, settings.demoKey);
  const data = generateDemoData({
    seed: settings.seed,
    scale: settings.scale,
    today: settings.today,
    catalogue: settings.catalogue,
  });
  const app = buildServer({
    handlers: ALL_HANDLERS,
    data,
    keyStore: store,
    today: settings.today,
    rateLimitPerMinute: settings.rateLimitPerMinute,
    logger: settings.log,
  });
  const url = await app.listen({ port: settings.port, host: settings.host });
  const shown = url.replace("[::1]", "localhost");
  console.log(`Marketplace Profit Analytics API (reference server) at ${shown}`);
  console.log(
    `  data: seed ${settings.seed}, scale ${settings.scale}, ${settings.catalogue} catalogue, today ${settings.today}; ` +
      `${settings.rateLimitPerMinute} requests/minute per key; keys in ${store.file}`,
  );
  // With --log, stdout carries the JSON request log (often redirected to a file): the demo key
  // goes to stderr so it is shown on the terminal but never lands in that log.
  const showKey = settings.log ? console.error : console.log;
  for (const line of keyLines) showKey(`  ${line}`);
  console.log(
    `  Try: curl -H "Authorization: Bearer <key>" ${shown}/api/mkt-a/fetch-all-user-shops`,
  );
  console.log(
    `  More keys: npm run keys -- create --label NAME [--account demo|rival] --data ${settings.dataDir}`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1); // a second Ctrl-C does not wait
    stopping = true;
    console.log(`${signal}: closing connections...`);
    // A request computes for at most its budget and close() cuts open connections; if
    // anything still holds on, the process ends anyway.
    setTimeout(() => {
      console.error("Shutdown took over 1.5 s: exiting without waiting.");
      store.close();
      process.exit(0);
    }, SHUTDOWN_GRACE_MS).unref();
    app
      .close()
      .then(() => {
        store.close();
        process.exit(0);
      })
      .catch((error: unknown) => {
        console.error(`Shutdown failed: ${String(error)}`);
        process.exit(1);
      });
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    if (error instanceof FlagError || error instanceof KeyStoreError) {
      console.error(`Error: ${error.message}`);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  });
}
