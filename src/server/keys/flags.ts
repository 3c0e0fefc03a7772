/** A small `--name value` command-line parser shared by the server and keys CLIs. */

/** A flag the user got wrong; the message says what is allowed. */
export class FlagError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FlagError";
  }
}

/** Which flags a command takes: `value` flags need an argument, `switch` flags do not. */
export type FlagSpec = Readonly<Record<string, "value" | "switch">>;

export interface ParsedFlags {
  readonly values: Readonly<Record<string, string>>;
  readonly switches: ReadonlySet<string>;
  readonly positionals: readonly string[];
}

/** Parses `--name value`, `--name=value` and `--switch`; unknown flags are an error. */
export function parseFlags(argv: readonly string[], spec: FlagSpec): ParsedFlags {
  const values: Record<string, string> = {};
  const switches = new Set<string>();
  const positionals: string[] = [];
  const known = Object.keys(spec)
    .map((n) => `--${n}`)
    .join(", ");
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith("--")) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    const kind = spec[name];
    if (kind === undefined) throw new FlagError(`Unknown flag --${name}. Flags: ${known}.`);
    if (kind === "switch") {
      if (eq !== -1) throw new FlagError(`--${name} takes no value.`);
      switches.add(name);
      continue;
    }
    const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    if (value === undefined || (eq === -1 && value.startsWith("--"))) {
      throw new FlagError(`--${name} needs a value.`);
    }
    values[name] = value;
  }
  return { values, switches, positionals };
}

/** A whole number flag within bounds, or the fallback when absent. */
export function integerFlag(
  flags: ParsedFlags,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = flags.values[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new FlagError(`--${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
  }
  return n;
}
