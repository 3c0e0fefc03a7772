/**
 * `defineFunction`: one spreadsheet function as data beside its body (HyperFormula style).
 * Hosts generate everything they show (Apps Script JSDoc stubs, Excel functions.json, docs,
 * the sidebar's function builder) from these definitions; nothing is written twice.
 */
import type { Marketplace } from "../api/types";
import type { Program } from "../core/effects";
import { withBookCosts } from "../core/bookProgram";
import { ArgumentError } from "./argumentError";
import { DEFAULT_BASIS, type ProfitBasis } from "./basis";
import type { CellInput, CellResult } from "./cells";

/** Host-neutral parameter types. `any` takes a scalar or a range. */
export type ParamType = "number" | "string" | "boolean" | "date" | "any";

/** One parameter: metadata for hosts and docs, plus how to read the host's raw value. */
export interface ParamSpec<N extends string = string, V = unknown> {
  readonly name: N;
  readonly type: ParamType;
  readonly optional: boolean;
  /**
   * Optional in the signature only because an earlier parameter is (hosts pass arguments by
   * position), yet always needed: forms and stubs do not call it optional.
   */
  readonly needed?: boolean;
  /** True when a range is welcome: one result row per cell. */
  readonly range: boolean;
  readonly help: string;
  /** Allowed values of a choice, as the seller types them. */
  readonly allowed?: readonly string[];
  /** Raw host value -> the body's value; throws ArgumentError naming the parameter. */
  readonly read: (raw: CellInput) => V;
  /** The value an empty argument takes from the seller's profit basis (sent explicitly). */
  readonly fromBasis?: (basis: ProfitBasis) => V;
}

/** The argument object a body gets, keyed by parameter name. */
export type ArgsOf<P extends readonly ParamSpec[]> = {
  [K in P[number] as K["name"]]: K extends ParamSpec<string, infer V> ? V : never;
};

/** How a function answers without a `field`: a table, or always one value. */
export type ResultShape = "table" | "scalar";

/** A catalog entry as hosts see it. */
export interface SheetFunction {
  readonly name: string;
  /** One line a seller understands. */
  readonly help: string;
  readonly marketplace: Marketplace | null;
  /** Endpoint ids the body may call (coverage and docs). */
  readonly endpoints: readonly string[];
  readonly result: ResultShape;
  readonly params: readonly ParamSpec[];
  /** Extra documentation lines: what each marketplace needs, units, limits. */
  readonly notes: readonly string[];
  /** One example formula. */
  readonly example: string;
  /**
   * Read the raw arguments and run the body. Bad arguments throw before the first request.
   * Empty basis arguments (VAT, sales window) take the seller's `basis` (default DEFAULT_BASIS).
   */
  program(raw: readonly CellInput[], basis?: ProfitBasis): Program<CellResult>;
}

export interface FunctionDefinition<P extends readonly ParamSpec[]> {
  readonly name: string;
  readonly help: string;
  readonly marketplace: Marketplace | null;
  readonly endpoints: readonly string[];
  readonly result?: ResultShape;
  readonly params: P;
  readonly notes?: readonly string[];
  readonly example: string;
  run(args: ArgsOf<P>): Program<CellResult>;
}

/**
 * Read every argument in order; extra arguments are an error, missing ones count as empty,
 * and an empty basis argument takes the basis's value.
 */
export function readArgs<P extends readonly ParamSpec[]>(
  name: string,
  params: P,
  raw: readonly CellInput[],
  basis: ProfitBasis = DEFAULT_BASIS,
): ArgsOf<P> {
  if (raw.length > params.length) {
    throw new ArgumentError(name, `takes at most ${params.length} arguments, got ${raw.length}`);
  }
  const args: Record<string, unknown> = {};
  params.forEach((p, i) => {
    const value = p.read(raw[i]);
    args[p.name] = value === undefined && p.fromBasis ? p.fromBasis(basis) : value;
  });
  return args as ArgsOf<P>;
}

/** Declare one spreadsheet function. */
export function defineFunction<const P extends readonly ParamSpec[]>(
  def: FunctionDefinition<P>,
): SheetFunction {
  let seenOptional = false;
  for (const p of def.params) {
    // Hosts pass arguments by position: an optional parameter before a required one
    // could never be skipped in Excel, and appending later would reorder the signature.
    if (p.optional) seenOptional = true;
    else if (seenOptional) throw new Error(`${def.name}: required ${p.name} after an optional one`);
  }
  return {
    name: def.name,
    help: def.help,
    marketplace: def.marketplace,
    endpoints: def.endpoints,
    result: def.result ?? "table",
    params: def.params,
    notes: def.notes ?? [],
    example: def.example,
    *program(raw, basis) {
      const args = readArgs(def.name, def.params, raw, basis);
      const book = basis?.costBook;
      return yield* book ? withBookCosts(def.run(args), book) : def.run(args);
    },
  };
}
