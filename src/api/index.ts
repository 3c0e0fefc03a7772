/** The API contract: endpoint table, wire shapes and pure helpers. No I/O. */
export * from "./types";
export { ENDPOINTS, endpointById, isEndpointId, MAX_BATCH_IDS, P_A, P_B, P_C } from "./endpoints";
export type { EndpointId } from "./endpoints";
export type { Params } from "./contract";
export * from "./envelope";
export * from "./pagination";
export * from "./datetime";
