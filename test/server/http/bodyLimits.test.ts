/**
 * Issue 22 item 4: a body nested deeper than the API needs is refused before any parsing work
 * by name (400 on body naming the limit), however deep; and no date an endpoint takes gives a
 * 5xx (property test over every date field of every endpoint). Real HTTP.
 */
import fc from "fast-check";
import { ENDPOINTS } from "../../../src/api/endpoints";
import { MAX_BODY_DEPTH } from "../../../src/server/jsonDepth";
import { startTestServer, type TestServer } from "../../helpers/server";
import { validParams, wireOf } from "../fuzz/corpus";

jest.setTimeout(120_000);

let server: TestServer;
let key = "";
beforeAll(async () => {
  server = await startTestServer();
  key = server.keyFor("demo");
});
afterAll(() => server.close());

interface Answer {
  readonly message: string;
  readonly errors: { field: string; problem: string }[];
}

async function send(path: string, body: string): Promise<{ status: number; json: Answer }> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body,
  });
  return { status: res.status, json: (await res.json()) as Answer };
}

const A2 = ENDPOINTS.find((e) => e.id === "A2")!;
const nested = (levels: number, open: string, close: string, inner = "1"): string =>
  open.repeat(levels) + inner + close.repeat(levels);

describe("request body depth", () => {
  it.each([
    ["arrays at the root", nested(10_000, "[", "]")],
    ["objects at the root", nested(10_000, '{"a":', "}")],
    ["arrays in a field", `{"shopId":100001,"region":"SG","itemId":${nested(10_000, "[", "]")}}`],
    ["objects far past the limit", nested(100_000, '{"a":', "}")],
  ])("10,000 levels and more (%s): a 400 on body naming the limit", async (_what, body) => {
    const r = await send(wireOf({ spec: A2, label: "", params: validParams(A2) }).path, body);
    expect(r.status).toBe(400);
    expect(r.json.errors).toEqual([
      { field: "body", problem: `must be nested at most ${MAX_BODY_DEPTH} levels deep` },
    ]);
    expect(r.json.message).toContain(String(MAX_BODY_DEPTH));
  });

  it("counts no brackets inside strings, and lets a body at the limit through to validation", async () => {
    const path = wireOf({ spec: A2, label: "", params: validParams(A2) }).path;
    const inString = JSON.stringify({ ...validParams(A2), region: "[".repeat(5000) });
    const r = await send(path, inString);
    expect(r.status).toBe(400);
    expect(r.json.errors.map((e) => e.field)).toContain("region");
    const atLimit = `{"shopId":100001,"region":"SG","itemId":${nested(MAX_BODY_DEPTH - 1, "[", "]")}}`;
    const v = await send(path, atLimit);
    expect(v.status).toBe(400);
    expect(v.json.errors.map((e) => e.field)).toContain("itemId");
  });
});

/** Every top-level date field of every POST endpoint. */
const DATE_FIELDS = ENDPOINTS.filter((e) => e.method === "POST").flatMap((spec) =>
  spec.body.filter((f) => f.type === "date").map((field) => ({ spec, field })),
);

const pad = (n: number, width: number): string => String(n).padStart(width, "0");
const EDGE_DATES = [
  "0000-01-01",
  "0000-02-29",
  "0001-01-01",
  "9999-12-31",
  "9999-01-01",
  "2024-02-29", // leap
  "2025-02-29", // not leap
  "1900-02-29", // not leap (century)
  "2000-02-29", // leap (400)
  "1970-01-01",
  "2025-06-30T00:00:00Z",
  "2025-06-30T23:59:59+14:00",
  "2025-06-30T00:00:00-12:00",
  "2025-06-30+05:30",
  "2025-06-30Z",
  "+275760-09-13",
  "-000001-01-01",
];
const anyDate = fc.oneof(
  fc.constantFrom(...EDGE_DATES),
  fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 1, max: 31 }),
    )
    .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`),
);

describe("date fields", () => {
  it("there are date fields to test, on the shop overviews too", () => {
    expect(DATE_FIELDS.length).toBeGreaterThan(5);
    expect(DATE_FIELDS.some(({ field }) => field.name === "to")).toBe(true);
  });

  it("`to: 0000-01-01` on every shop overview: 200 or a 4xx, never a 5xx", async () => {
    for (const { spec } of DATE_FIELDS.filter(({ field }) => field.name === "to")) {
      const { path, body } = wireOf({
        spec,
        label: "",
        params: { ...validParams(spec), to: "0000-01-01" },
      });
      const r = await send(path, body ?? "");
      expect([spec.id, r.status === 200 || (r.status >= 400 && r.status < 500)]).toEqual([
        spec.id,
        true,
      ]);
    }
  });

  it("a date refused for its value names its field in the message (A1's effectiveDate 0000-01-01 too)", async () => {
    const unnamed: string[] = [];
    const checked: string[] = [];
    for (const { spec, field } of DATE_FIELDS) {
      for (const date of ["0000-01-01", "1970-01-01"]) {
        const params = { ...validParams(spec), [field.name]: date };
        const { path, body } = wireOf({ spec, label: "", params });
        const r = await send(path, body ?? "");
        // Refused for this date (not for an id or a field the case leaves out): named.
        const errors = r.json.errors as Array<{ field: string }> | undefined;
        if (r.status !== 400 || errors?.[0]?.field !== field.name) continue;
        checked.push(`${spec.id} ${field.name} ${date}`);
        const message = String(r.json.message);
        if (!message.includes(field.name)) unnamed.push(`${spec.id} ${field.name}: ${message}`);
      }
    }
    expect(unnamed).toEqual([]);
    expect(checked).toContain("A1 effectiveDate 0000-01-01");
    // A `from` the caller did not send is named by what made it (`to` and lookbackDays).
    const A13 = DATE_FIELDS.find(({ spec }) => spec.id === "A13")?.spec;
    if (!A13) throw new Error("no A13");
    const { from: _from, ...withoutFrom } = validParams(A13);
    const early = wireOf({ spec: A13, label: "", params: { ...withoutFrom, to: "1970-01-05" } });
    const r = await send(early.path, early.body ?? "");
    expect({ status: r.status, message: r.json.message, errors: r.json.errors }).toEqual({
      status: 400,
      message:
        "`to` minus lookbackDays (30 days) starts before 1970-01-01: send a later `to` or fewer lookbackDays",
      errors: [{ field: "to", problem: "must be at least 30 days after 1970-01-01" }],
    });
  });

  it("any date in any date field (and pairs of them): 200 or a 4xx, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...DATE_FIELDS),
        anyDate,
        fc.option(anyDate, { nil: undefined }),
        async ({ spec, field }, date, other) => {
          const params: Record<string, unknown> = { ...validParams(spec), [field.name]: date };
          // A second date field of the same endpoint (from with to) at another edge.
          const second = spec.body.find((f) => f.type === "date" && f.name !== field.name);
          if (second && other !== undefined) params[second.name] = other;
          const { path, body } = wireOf({ spec, label: "", params });
          const r = await send(path, body ?? "");
          if (r.status >= 500) throw new Error(`${spec.id} ${body}: ${r.status} ${r.json.message}`);
          expect(r.status === 200 || (r.status >= 400 && r.status < 500)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
