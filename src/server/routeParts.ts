/**
 * How a route of the endpoint table is named and read: its path in fastify's syntax, the
 * pattern that tells a wrong method (405) from an unknown path, typed path parameters, date
 * defaults, and the Bearer challenge of a 401.
 */
import type { EndpointSpec } from "../api/types";

/**
 * Path parameters are text in a URL: a number-shaped text of a numeric parameter becomes the
 * number, anything else stays text for the schema to refuse by name.
 */
export function typedPathParams(spec: EndpointSpec, raw: unknown): Record<string, unknown> {
  const texts = (raw ?? {}) as Record<string, string>;
  return Object.fromEntries(
    spec.pathParams.map((p) => {
      const text = texts[p.name] ?? "";
      const numeric = (p.type === "integer" || p.type === "number") && /^-?\d+(\.\d+)?$/.test(text);
      return [p.name, numeric ? Number(text) : text];
    }),
  );
}

/** The validated body with date defaults of "today" resolved to the server's today. */
export function withToday(
  spec: EndpointSpec,
  body: unknown,
  today: string,
): Record<string, unknown> {
  const out = { ...(body as Record<string, unknown>) };
  for (const f of spec.body)
    if (f.default === "today" && f.type === "date" && out[f.name] === undefined)
      out[f.name] = today;
  return out;
}

/** RFC 6750's challenge: a key that was sent is an invalid token; no key, no error code. */
export function bearerChallenge(keySent: boolean): string {
  return keySent ? 'Bearer realm="api", error="invalid_token"' : 'Bearer realm="api"';
}

/** `/x/{shopId}` -> `/x/:shopId` (fastify's parameter syntax). */
export function fastifyPath(template: string): string {
  return template.replace(/\{(\w+)\}/g, ":$1");
}

/** A regex matching concrete paths of a template, for 405 detection. */
export function templatePattern(template: string): RegExp {
  const parts = template.split(/\{\w+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join("[^/]+")}$`);
}
