/**
 * Request types derived from the endpoint table: `Params<"A2">` is the path parameters and
 * body fields of A2 by name, with their wire types, required where the spec requires them.
 * `call("A2", { shopId, region, itemId, cogs })` is then checked at compile time; a body built
 * at run time (a `Record<string, unknown>`) is checked by the same table's JSON Schema instead.
 */
import type { EndpointId, EndpointRow } from "./endpoints";
import type { FieldSpec } from "./types";

type Row<E extends EndpointId> = Extract<EndpointRow, { readonly id: E }>;

/** The TypeScript type of a field on the wire. */
type Wire<F extends FieldSpec> = F["type"] extends "integer" | "number"
  ? number
  : F["type"] extends "string" | "date"
    ? F extends { readonly enum: readonly (infer V)[] }
      ? V
      : string
    : F["type"] extends "boolean"
      ? boolean
      : F["type"] extends "array"
        ? readonly unknown[]
        : Readonly<Record<string, unknown>>;

/** Identifiers (`shopId`, `itemId`, `productId`...) cross as text or number: request.ts writes either. */
type Value<F extends FieldSpec> = F["name"] extends `${string}Id` ? string | number : Wire<F>;

type Required<F extends FieldSpec> = { readonly [G in F as G["name"]]: Value<G> };
type Optional<F extends FieldSpec> = { readonly [G in F as G["name"]]?: Value<G> };
type Needed<F extends FieldSpec> = Extract<F, { readonly required: true }>;
type Spare<F extends FieldSpec> = Exclude<F, { readonly required: true }>;

/** A row without path parameters leaves `pathParams` out (endpoints.ts fills it in). */
type PathFields<E extends EndpointId> =
  Row<E> extends { readonly pathParams: readonly (infer F extends FieldSpec)[] } ? F : never;
type BodyFields<E extends EndpointId> = Row<E>["body"][number];

/** Path parameters and body fields of an endpoint (a body the spec calls optional is all optional). */
export type Params<E extends EndpointId> = Required<PathFields<E>> &
  (Row<E>["bodyRequired"] extends true
    ? Required<Needed<BodyFields<E>>> & Optional<Spare<BodyFields<E>>>
    : Optional<BodyFields<E>>);

/**
 * What `call` accepts as params: a body whose fields are known at compile time must be
 * `Params<E>` exactly (no misspelled or unknown field); a body built at run time passes here
 * and meets the endpoint's JSON Schema before it is sent.
 */
export type ParamsCheck<E extends string, P> = E extends EndpointId
  ? string extends keyof P
    ? unknown
    : Params<E> & { readonly [K in Exclude<keyof P, keyof Params<E>>]: never }
  : unknown;
