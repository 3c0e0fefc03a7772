/**
 * The reference server's HTTP layer: one route per endpoint of the table (method and path
 * template), each authenticated, rate-limited, validated and answered in the envelopes of
 * spec 2.2 / contract-notes. Handlers only compute `data`; every failure becomes
 * `{status:"ERROR", statusCode, message, errors:[{field, problem}]}`.
 */
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import cors from "@fastify/cors";
import { ENDPOINTS } from "../api/endpoints";
import { endpointSchemas, isRealDate, withoutUnsetKnown } from "../api/schema";
import type { EndpointSpec } from "../api/types";
import type { SuccessEnvelope } from "../api/envelope";
import { authenticate, type Caller } from "./auth";
import { AuthThrottle } from "./authThrottle";
import { REQUEST_BUDGET_MS, runWithBudget } from "./budget";
import type { DemoData } from "./data/model";
import type { EndpointHandler } from "./handler";
import type { KeyStore } from "./keys/store";
import { clientErrorHandler, envelopeOf, errorEnvelope } from "./envelopes";
import { ApiProblem, echoed } from "./problem";
import { refuseBeforeValidation } from "./preChecks";
import { RateLimiter } from "./rateLimit";
import { LoopFairness } from "./fairness";
import { MAX_BODY_DEPTH, nestedDeeperThan } from "./jsonDepth";
import { redactSecrets } from "./redact";
import { type LoggedRequest, urlForLog } from "./logUrl";
import { SerializedData } from "./serialized";
import { RateLimited, TooManyFailures } from "./limitProblems";
import {
  bearerChallenge,
  fastifyPath,
  templatePattern,
  typedPathParams,
  withToday,
} from "./routeParts";
import { badRequest, problemsOfAjv } from "./schemaErrors";

/** Largest request body accepted (contract-notes: 413 above 1 MB). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Where log lines go when logging is on (a stream, or anything with `write`). */
export interface ServerLogOptions {
  readonly level?: "fatal" | "error" | "warn" | "info" | "debug" | "trace";
  readonly stream?: { write(line: string): void };
}

export interface ServerOptions {
  /** Endpoint handlers by endpoint id; an endpoint without one answers 501. */
  readonly handlers: Readonly<Record<string, EndpointHandler>>;
  readonly data: DemoData;
  readonly keyStore: KeyStore;
  /** The server's "today" (YYYY-MM-DD): the default of date fields and HandlerContext.today. */
  readonly today: string;
  /** Requests per minute per key (default 60, spec 8). */
  readonly rateLimitPerMinute?: number;
  /** Failed authentications per minute per address and key (default 30, authThrottle.ts). */
  readonly authFailuresPerMinute?: number;
  /** Off by default. Authorization headers and tokens are never logged. */
  readonly logger?: boolean | ServerLogOptions;
  /** The endpoint table (default ENDPOINTS). */
  readonly endpoints?: readonly EndpointSpec[];
  /** Clock of the rate limiter, ms since the epoch (tests). */
  readonly now?: () => number;
  /** Time one request's computation may take before it ends with a 503 (default 500 ms). */
  readonly requestBudgetMs?: number;
  /**
   * A slow server made exact (tests, bench): each budget check (a preview's element, a solver
   * step) costs this many ms of a counted clock instead of the real one. Off (0) by default.
   */
  readonly msPerBudgetCheck?: number;
}

/** A success envelope around `data` already in bytes (SerializedData), as `envelope` below writes it. */
const SUCCESS_HEAD = Buffer.from('{"status":"SUCCESS","statusCode":200,"message":"OK","data":');
const SUCCESS_TAIL = Buffer.from("}");

/** Builds the server (not listening yet). */
export function buildServer(options: ServerOptions): FastifyInstance {
  const endpoints = options.endpoints ?? ENDPOINTS;
  const limiter = new RateLimiter(options.rateLimitPerMinute ?? 60, options.now);
  const callers = new WeakMap<FastifyRequest, Caller>();
  const fairness = new LoopFairness();
  const throttle = new AuthThrottle(options.now, options.authFailuresPerMinute);

  const app = Fastify({
    logger: loggerOptions(options.logger, endpoints),
    bodyLimit: BODY_LIMIT_BYTES,
    // Never echo a client's request id: ours only.
    requestIdHeader: false,
    // close() ends keep-alive connections too, so a busy server stops promptly.
    forceCloseConnections: true,
    requestTimeout: 60_000, // a body that stops arriving gets its 408 (Fastify's default: never)
    // Refusals before routing (bad %-escape, over-long parameter, headers over Node's limit,
    // not HTTP) in the same error envelope as everything else.
    frameworkErrors: (error, _request, reply) => {
      const envelope = errorEnvelope(error);
      // Typed for routes with schemas; this reply answers before any route.
      const r = reply as unknown as FastifyReply;
      void r.code(envelope.statusCode).header("Access-Control-Allow-Origin", "*").send(envelope);
    },
    clientErrorHandler,
    // Bodies and path parameters are checked against the schemas of api/schema.ts: every
    // problem listed, nothing coerced or silently dropped, defaults filled in, and format
    // "date" the same real-calendar-day rule the add-in applies.
    ajv: {
      customOptions: {
        allErrors: true,
        coerceTypes: false,
        removeAdditional: false,
        useDefaults: true,
      },
      plugins: [(ajv) => ajv.addFormat("date", { type: "string", validate: isRealDate })],
    },
  });

  // JSON only; an empty body is an omitted optional body (spec 4.0.3), not an error.
  app.removeAllContentTypeParsers();
  // "__proto__" and "constructor" keys stay plain data (JSON.parse never sets a prototype);
  // the schemas then refuse them by name instead of a vague "not valid JSON".
  const parseJson = app.getDefaultJsonParser("ignore", "ignore");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    if (nestedDeeperThan(text, MAX_BODY_DEPTH)) {
      done(
        new ApiProblem(
          400,
          `Request body is nested more than ${MAX_BODY_DEPTH} levels deep; no field of this API needs that.`,
          [{ field: "body", problem: `must be nested at most ${MAX_BODY_DEPTH} levels deep` }],
        ),
        undefined,
      );
      return;
    }
    parseJson(request, text, (error, parsed) => {
      if (error) {
        done(
          new ApiProblem(400, "Malformed JSON body: the request body could not be read as JSON.", [
            { field: "body", problem: `is not valid JSON (${error.message})` },
          ]),
          undefined,
        );
      } else {
        done(null, parsed);
      }
    });
  });

  app.setErrorHandler((error: FastifyError | ApiProblem, request, reply) => {
    const envelope = errorEnvelope(error);
    if (envelope.statusCode >= 500) request.log.error({ err: error }, "request failed");
    if (error instanceof RateLimited) reply.header("Retry-After", String(error.retryAfterSeconds));
    if (error instanceof TooManyFailures) {
      reply.header("Retry-After", String(error.verdict.waitSeconds));
      reply.header("WWW-Authenticate", bearerChallenge(error.verdict.keySent));
    }
    if (envelope.statusCode === 503) reply.header("Retry-After", "1");
    if (envelope.statusCode === 401) reply.header("WWW-Authenticate", 'Bearer realm="api"');
    void reply.code(envelope.statusCode).send(envelope);
  });

  const matchers = endpoints.map((e) => ({ spec: e, pattern: templatePattern(e.path) }));
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "";
    const methods = new Set<string>();
    for (const { spec, pattern } of matchers) {
      if (pattern.test(pathname)) {
        methods.add(spec.method);
        if (spec.method === "GET") methods.add("HEAD");
      }
    }
    if (methods.size > 0 && !methods.has(request.method)) {
      const allow = [...methods, "OPTIONS"].join(", ");
      void reply
        .code(405)
        .header("Allow", allow)
        .send(
          envelopeOf(405, `${echoed(request.method)} is not allowed here; use ${allow}.`, [
            { field: "method", problem: `must be one of ${allow}` },
          ]),
        );
      return;
    }
    void reply
      .code(404)
      .send(
        envelopeOf(
          404,
          `No endpoint at ${echoed(request.method)} ${echoed(pathname, 120)}. Check the path against the API spec.`,
          [{ field: "path", problem: "is not an endpoint of this API" }],
        ),
      );
  });

  // @fastify/cors answers a preflight without Origin or Access-Control-Request-Method with a
  // plain-text 400; answer it in the error envelope like every other failure.
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "OPTIONS") return;
    const missing = ["origin", "access-control-request-method"].filter(
      (h) => typeof request.headers[h] !== "string" || request.headers[h] === "",
    );
    if (missing.length === 0) return;
    return reply
      .code(400)
      .header("Access-Control-Allow-Origin", "*")
      .send(
        envelopeOf(
          400,
          "Invalid CORS preflight: an OPTIONS request needs the Origin and Access-Control-Request-Method headers.",
          missing.map((h) => ({ field: h, problem: "header is required in a CORS preflight" })),
        ),
      );
  });

  void app.register(cors, {
    origin: "*",
    methods: ["GET", "POST", "OPTIONS"],
    allowedHeaders: ["Authorization", "Content-Type"],
    exposedHeaders: ["Retry-After", "WWW-Authenticate"],
    credentials: false,
    maxAge: 600,
  });

  // Routes after CORS so its hooks cover them.
  void app.register(async (routes) => {
    for (const spec of endpoints) {
      const schemas = endpointSchemas(spec);
      const isPost = spec.method === "POST";
      routes.route({
        method: spec.method,
        url: fastifyPath(spec.path),
        schema: {
          ...(spec.pathParams.length > 0 ? { params: schemas.params } : {}),
          ...(isPost ? { body: schemas.body } : {}),
        },
        // Validation problems reach the handler, which answers them in our envelope.
        attachValidation: true,
        // Authenticate before reading the body: a stranger cannot make us parse 1 MB.
        onRequest: async (request) => {
          // A valid key is answered as its own rate limit allows: the throttle is asked only
          // about a request that failed to authenticate (authThrottle.ts).
          let caller: Caller;
          try {
            caller = authenticate(
              request.headers.authorization,
              options.keyStore,
              options.data.accounts,
            );
          } catch (e) {
            const verdict = throttle.failed(request.ip, request.headers.authorization);
            if (verdict.waitSeconds > 0) throw new TooManyFailures(verdict);
            throw e;
          }
          const decision = limiter.take(caller.key.hash);
          if (!decision.allowed)
            throw new RateLimited(decision.retryAfterSeconds, limiter.limitPerMinute);
          callers.set(request, caller);
        },
        preValidation: async (request) => {
          refuseBeforeValidation(request.url, request.body, schemas.body);
          request.params = typedPathParams(spec, request.params);
          // An omitted optional body is {} (spec 4.0.3); null and "" mean "not given" for the
          // spec's fields; an unknown field is refused whatever its value, null included.
          if (isPost) request.body = withoutUnsetKnown(request.body ?? {}, spec.body);
        },
        handler: async (request, reply) => {
          const caller = callers.get(request);
          if (!caller) throw new Error("route ran without an authenticated caller");
          const invalid = request.validationError;
          if (invalid) {
            const place = invalid.validationContext === "params" ? "path" : "body";
            const schema = place === "path" ? schemas.params : schemas.body;
            const root = place === "path" ? request.params : request.body;
            throw badRequest(problemsOfAjv(invalid.validation, schema, root, place));
          }
          const path = request.params as Record<string, string | number>;
          const body = isPost ? withToday(spec, request.body, options.today) : {};
          const handler = options.handlers[spec.id];
          void reply.header("Cache-Control", "no-store");
          if (!handler) {
            return reply
              .code(501)
              .send(envelopeOf(501, `Endpoint ${spec.id} is not implemented on this server.`, []));
          }
          const ctx = {
            account: caller.account,
            data: options.data,
            today: options.today,
            body,
            path,
          };
          await fairness.turn(caller.key.hash);
          const data = fairness.measure(caller.key.hash, () =>
            runWithBudget(
              options.requestBudgetMs ?? REQUEST_BUDGET_MS,
              () => handler(ctx),
              options.msPerBudgetCheck,
            ),
          );
          const answer = (await data) ?? null;
          if (answer instanceof SerializedData) {
            // Written as the envelope below would be, with `data` already JSON.
            return reply
              .code(200)
              .type("application/json; charset=utf-8")
              .send(Buffer.concat([SUCCESS_HEAD, ...answer.parts, SUCCESS_TAIL]));
          }
          const envelope: SuccessEnvelope<unknown> = {
            status: "SUCCESS",
            statusCode: 200,
            message: "OK",
            data: answer,
          };
          return reply.code(200).send(envelope);
        },
      });
    }
  });

  return app;
}

function loggerOptions(
  logger: ServerOptions["logger"],
  endpoints: readonly EndpointSpec[],
): FastifyServerOptions["logger"] {
  if (logger === undefined || logger === false) return false;
  const settings = logger === true ? {} : logger;
  const destination = settings.stream ?? process.stdout;
  const shownUrl = urlForLog(endpoints.map((e) => e.path));
  return {
    level: settings.level ?? "info",
    // Last line of defence: whatever a line carries, no token survives in any encoding.
    stream: { write: (line: string) => void destination.write(redactSecrets(line)) },
    redact: {
      paths: [
        "req.headers.authorization",
        "headers.authorization",
        "request.headers.authorization",
      ],
      censor: "[redacted]",
    },
    serializers: {
      // Method and the URL in the API's own words (logUrl.ts): nothing a client typed in it.
      req: (request: LoggedRequest & { method?: string }) => ({
        method: request.method,
        url: shownUrl(request),
      }),
    },
  };
}
