/**
 * Client and server agree (issue 11, "one source of validation"): for every generated request
 * of every endpoint, the add-in's own check (core/request.ts, interpreting the endpoint's
 * schema) and the reference server (Ajv on the same schema, over real HTTP) refuse the same
 * requests, naming the same fields with the same sentences, and accept the same good ones.
 * The one wording that differs on purpose: an unknown top-level key, which the add-in names
 * against path parameters too ("is not a parameter of A6"), the server against the body.
 */
import { requestProblems } from "../../../src/core/request";
import { startTestServer, type TestServer } from "../../helpers/server";
import { requestCases, type RequestCase, wireOf } from "./corpus";

interface Answer {
  readonly status: number;
  readonly errors: readonly { field: string; problem: string }[];
}

let server: TestServer;
let key = "";
beforeAll(async () => {
  server = await startTestServer();
  key = server.keyFor("demo");
});
afterAll(async () => {
  await server.close();
});

async function send(c: RequestCase): Promise<Answer> {
  const { path, body } = wireOf(c);
  const res = await fetch(server.baseUrl + path, {
    method: c.spec.method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body }),
    signal: AbortSignal.timeout(10_000),
  });
  const json = (await res.json()) as { errors?: Answer["errors"] };
  return { status: res.status, errors: json.errors ?? [] };
}

/** "field: problem" lines, with the wording of unknown top-level keys set aside. */
function lines(problems: readonly { field: string; problem: string }[]): string[] {
  return problems
    .map(({ field, problem }) =>
      /^is not a (parameter of \w+|field of this request) /.test(problem)
        ? `${field}: unknown key`
        : `${field}: ${problem}`,
    )
    .sort();
}

describe("client and server agree on one schema", () => {
  const cases = requestCases();
  const bad = cases.filter((c) => requestProblems(c.spec, c.params).length > 0);
  const good = cases.filter((c) => requestProblems(c.spec, c.params).length === 0);

  it("covers every endpoint with at least 200 bad requests and a good one each", () => {
    expect(bad.length).toBeGreaterThanOrEqual(200);
    const endpoints = new Set(cases.map((c) => c.spec.id));
    expect(new Set(good.map((c) => c.spec.id))).toEqual(endpoints);
  });

  it("refuses the same bad requests, naming the same fields with the same sentences", async () => {
    const disagreements: string[] = [];
    for (const c of bad) {
      const client = lines(requestProblems(c.spec, c.params));
      const answer = await send(c);
      const serverLines = lines(answer.errors);
      if (answer.status !== 400 || JSON.stringify(serverLines) !== JSON.stringify(client)) {
        disagreements.push(
          `${c.label}: client ${JSON.stringify(client)}; server ${answer.status} ${JSON.stringify(serverLines)}`,
        );
      }
    }
    expect(disagreements).toEqual([]);
  });

  it("accepts the same good requests (the server may still not find the ids: 404, 422)", async () => {
    const refused: string[] = [];
    for (const c of good) {
      const answer = await send(c);
      // The one rule across fields that no schema states: A21's mode picks its target field.
      const crossField = answer.errors.every((e) => /is required when mode is/.test(e.problem));
      if ((answer.status === 400 && !crossField) || answer.status >= 500) {
        refused.push(`${c.label}: ${answer.status} ${JSON.stringify(answer.errors)}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
