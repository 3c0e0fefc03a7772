/**
 * `npm run keys -- create|list|revoke`: the reference server's stand-in for
 * Settings > API keys. The token is printed once, on the last line of `create`.
 */
import { FlagError, parseFlags } from "./flags";
import { KeyStore, KeyStoreError, keyStatus, type KeyRecord } from "./store";

/** Expiry choices of spec 2.1 (days; "never" = no expiry). */
export const EXPIRY_CHOICES = ["never", "30", "60", "90", "365"] as const;

const USAGE = [
  "Usage:",
  "  npm run keys -- create --label LABEL [--expiry never|30|60|90|365] [--account ID] [--data DIR]",
  "  npm run keys -- list [--data DIR]",
  "  npm run keys -- revoke PREFIX [--data DIR]",
  "The data folder defaults to $MKT_DATA_DIR or .data/.",
].join("\n");

/** Runs one keys command; returns the exit code. Output goes through `print` line by line. */
export function runKeysCli(
  argv: readonly string[],
  print: (line: string) => void,
  env: Readonly<Record<string, string | undefined>> = process.env,
): number {
  const [command, ...rest] = argv;
  try {
    const run = command === undefined ? undefined : COMMANDS.get(command);
    if (run) return run(rest, print, env);
    switch (command) {
      case undefined:
      case "help":
      case "--help":
        print(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new FlagError(`Unknown command "${command}".`);
    }
  } catch (error) {
    if (error instanceof FlagError || error instanceof KeyStoreError) {
      print(`Error: ${error.message}`);
      if (error instanceof FlagError) print(USAGE);
      return 2;
    }
    throw error;
  }
}

/** One keys command: its arguments after the command word; returns the exit code. */
type Command = (
  argv: readonly string[],
  print: (line: string) => void,
  env: Readonly<Record<string, string | undefined>>,
) => number;

function dataDir(
  values: Readonly<Record<string, string>>,
  env: Readonly<Record<string, string | undefined>>,
): string {
  return values.data ?? env.MKT_DATA_DIR ?? ".data";
}

const create: Command = (argv, print, env) => {
  const flags = parseFlags(argv, {
    label: "value",
    expiry: "value",
    account: "value",
    data: "value",
  });
  if (flags.positionals.length > 0) throw new FlagError(`Unexpected "${flags.positionals[0]}".`);
  const label = flags.values.label;
  if (label === undefined || label.trim() === "") {
    throw new FlagError("create needs --label, a name that tells you where the key is used.");
  }
  const expiry = flags.values.expiry ?? "never";
  if (!(EXPIRY_CHOICES as readonly string[]).includes(expiry)) {
    throw new FlagError(`--expiry must be one of ${EXPIRY_CHOICES.join(", ")} (got "${expiry}").`);
  }
  const store = new KeyStore(dataDir(flags.values, env));
  const { token, record } = store.create({
    label,
    account: flags.values.account ?? "demo",
    expiresInDays: expiry === "never" ? null : Number(expiry),
  });
  const expires =
    record.expiresAt === null ? "never expires" : `expires ${shortDate(record.expiresAt)}`;
  print(
    `Created API key "${record.label}" for account ${record.account} (${record.prefix}..., ${expires}).`,
  );
  print("Copy it now: it is shown only this once. If you lose it, revoke it and create a new one.");
  print(token);
  return 0;
};

const list: Command = (argv, print, env) => {
  const flags = parseFlags(argv, { data: "value" });
  if (flags.positionals.length > 0) throw new FlagError(`Unexpected "${flags.positionals[0]}".`);
  const store = new KeyStore(dataDir(flags.values, env));
  const records = store.list();
  if (records.length === 0) {
    print("No API keys yet. Create one: npm run keys -- create --label LABEL");
    return 0;
  }
  const now = Date.now();
  const rows = records.map((r: KeyRecord) => [
    r.label,
    r.prefix,
    r.account,
    shortDate(r.created),
    r.lastUsed === null ? "never" : shortDate(r.lastUsed),
    r.expiresAt === null ? "never" : shortDate(r.expiresAt),
    keyStatus(r, now),
  ]);
  for (const line of table(
    ["LABEL", "PREFIX", "ACCOUNT", "CREATED", "LAST USED", "EXPIRY", "STATUS"],
    rows,
  )) {
    print(line);
  }
  return 0;
};

const revoke: Command = (argv, print, env) => {
  const flags = parseFlags(argv, { data: "value" });
  const [prefix, ...extra] = flags.positionals;
  if (prefix === undefined)
    throw new FlagError("revoke needs the key's PREFIX, as shown by `keys list`.");
  if (extra.length > 0) throw new FlagError(`Unexpected "${extra[0]}".`);
  const store = new KeyStore(dataDir(flags.values, env));
  const { record, wasAlreadyRevoked } = store.revoke(prefix);
  const when = shortDate(record.revokedAt ?? "");
  print(
    wasAlreadyRevoked
      ? `API key "${record.label}" (${record.prefix}...) was already revoked on ${when}.`
      : `Revoked API key "${record.label}" (${record.prefix}...) on ${when}. It no longer works; ` +
          "revoking is permanent. Create a new key if you still need access.",
  );
  return 0;
};

const COMMANDS: ReadonlyMap<string, Command> = new Map([
  ["create", create],
  ["list", list],
  ["revoke", revoke],
]);

function shortDate(iso: string): string {
  return iso.slice(0, 16).replace("T", " ");
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

if (require.main === module) {
  process.exitCode = runKeysCli(process.argv.slice(2), (line) => console.log(line));
}
