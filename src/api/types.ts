/**
 * The shape of the API contract. Every endpoint of docs/api-spec.md is one `EndpointSpec`
 * value in `endpoints.ts`; the add-in (request building, batching, pagination) and the
 * reference server (routes, validation, defaults) are both derived from that table.
 * Nothing here does I/O.
 */

/** The three marketplaces of the spec (neutral stand-ins). */
export type Marketplace = "A" | "B" | "C";

/** Wire types of request fields, as the spec names them. `date` is a YYYY-MM-DD string. */
export type FieldType = "integer" | "number" | "string" | "boolean" | "date" | "array" | "object";

/** A default the spec states. `"today"` is resolved by the server at request time. */
export type FieldDefault = string | number | boolean | null;

/** One path parameter or body field. */
export interface FieldSpec {
  readonly name: string;
  readonly type: FieldType;
  readonly required: boolean;
  /** The spec's default; the server applies it, clients never send it unless the user set it. */
  readonly default?: FieldDefault;
  /** Element type of an array field. */
  readonly items?: FieldType;
  /** Type of every value of an object without `fields` (a map such as id -> amount). */
  readonly values?: FieldType;
  /** Fields of an object, or of each element of an array of objects. */
  readonly fields?: readonly FieldSpec[];
  /** Inclusive bounds of a number, or of an array's length. */
  readonly min?: number;
  readonly max?: number;
  /** Allowed values of a string field. */
  readonly enum?: readonly string[];
  /** One line from the spec: what the field means. */
  readonly doc: string;
}

/** How a list endpoint pages (spec 2.3). */
export type Pagination = "cursor" | "offset";

/**
 * A batch endpoint answers many ids in one request. Callers with the same endpoint and the
 * same other parameters may be merged into one request whose `idsField` holds all their ids;
 * each entry of the response names its id in `resultIdField`.
 */
export interface BatchSpec {
  readonly idsField: string;
  readonly resultIdField: string;
  /** Most ids one request may carry (the reference server enforces it). */
  readonly maxIds: number;
}

/** Top-level shape of `data` in a successful response. */
export type ResponseKind = "object" | "array" | "cursorPage" | "offsetPage";

/** One response field as far as the spec shows it. */
export interface ResponseFieldSpec {
  readonly name: string;
  readonly type: FieldType | "datetime";
  readonly doc: string;
  /** True where the spec says the field may be null ("modelId ... null for single-variant"). */
  readonly nullable?: boolean;
}

export interface ResponseSpec {
  /** Name of the response type in the spec, e.g. `MktARequiredPriceResult`. */
  readonly typeName: string;
  readonly kind: ResponseKind;
  /** Fields of the object, or of each array / page entry. */
  readonly fields: readonly ResponseFieldSpec[];
  /** True where the spec marks the type [partial]: unknown fields are kept, not dropped. */
  readonly partial: boolean;
}

/** Whether an endpoint works today. The spec marks some B endpoints "not yet active". */
export type EndpointStatus = "active" | "notYetActive";

export interface EndpointSpec {
  /** Id as in the spec (`A4`, `B12`, `C7`), or a name for the unnumbered ones (`SHOPS_A`). */
  readonly id: string;
  readonly marketplace: Marketplace | null;
  readonly method: "GET" | "POST";
  /** Path template relative to the base URL, parameters in braces: `/x/{shopId}/{region}`. */
  readonly path: string;
  readonly pathParams: readonly FieldSpec[];
  /** Body fields; empty for GET. */
  readonly body: readonly FieldSpec[];
  /** False where the spec says the body is optional (then every body field is optional). */
  readonly bodyRequired: boolean;
  /** One line a seller understands: what the endpoint computes. */
  readonly summary: string;
  readonly response: ResponseSpec;
  readonly pagination?: Pagination;
  readonly batch?: BatchSpec;
  readonly status: EndpointStatus;
  /** What "not yet active" endpoints answer today, from the spec. */
  readonly inactiveNote?: string;
  /** True for paths the spec does not show that the reference server adds (B/C shop lists). */
  readonly extension?: boolean;
}
