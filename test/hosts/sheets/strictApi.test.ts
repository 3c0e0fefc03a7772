/**
 * Issue 14, client half: every catalog function through the BUILT Sheets bundle against two
 * servers that are not the reference server's own reading of the spec, both behind a strict
 * spec proxy (test/helpers/specProxy.ts): one that answers only what the spec shows, and one
 * that also sends B/C breakdown lines as plain signed numbers. Every request must be one the
 * spec allows (A21/A22 with modelId null), and every valid call must answer a value.
 */
import { endpointById } from "../../../src/api/endpoints";
import { CATALOG } from "../../../src/functions";
import { catalogCases, demoIds, lineShapeCases } from "../excel/harness/catalogCases";
import { FakeProperties } from "./fakes";
import {
  buildSheetsBundle,
  cell,
  loadAddon,
  startServerProcess,
  type ServerProcess,
} from "./harness";
import { SyncHttp } from "./syncHttp";

jest.setTimeout(180_000);

const ids = demoIds();
let dir: string;

beforeAll(() => {
  dir = buildSheetsBundle();
});

/** A cell's answer is a value: no #ERROR!, no failed row inside a table. */
/** A product without ad spend has no ROAS: an error value with that reason is its answer. */
const NO_VALUE_BY_DESIGN = /No ad spend in this window/;

function failureIn(value: unknown): string | null {
  if (typeof value === "string" && NO_VALUE_BY_DESIGN.test(value)) return null;
  if (typeof value === "string" && value.startsWith("#ERROR!")) return value;
  if (Array.isArray(value)) {
    for (const row of value as unknown[][])
      for (const c of row)
        if (typeof c === "string" && c.startsWith("Error:") && !NO_VALUE_BY_DESIGN.test(c))
          return c;
  }
  return null;
}

describe.each([
  ["a server that answers only what the spec shows", false],
  ["a server that sends B/C breakdown lines as plain numbers", true],
])("Sheets bundle against %s", (_name, plainNumberLines) => {
  let server: ServerProcess;
  let http: SyncHttp;

  beforeAll(async () => {
    server = await startServerProcess({ strict: { plainNumberLines } });
    http = new SyncHttp(30_000);
  });
  afterAll(async () => {
    await http?.close();
    await server?.stop();
  });

  const proxyLog = async (what: "violations" | "requests"): Promise<unknown[]> =>
    (await (await fetch(`${server.baseUrl}/__spec-proxy/${what}`)).json()) as unknown[];

  test("every function sends only requests the spec allows and answers a value", async () => {
    const userProps = new FakeProperties();
    userProps.setProperty("mkt.baseUrl", server.baseUrl);
    userProps.setProperty("mkt.apiKey", server.keys.demo);
    const addon = loadAddon(dir, { http, userProps });
    const cases = [...catalogCases(ids), ...lineShapeCases(ids)];
    expect(new Set(cases.map((c) => c.name))).toEqual(new Set(CATALOG.map((f) => f.name)));
    const outcomes = cases.map((c) => {
      const value = cell(addon, c.name, ...c.args);
      const fn = CATALOG.find((f) => f.name === c.name);
      const inactive = fn?.endpoints.every((e) => endpointById(e).status === "notYetActive");
      return { call: `${c.name}(${JSON.stringify(c.args)})`, inactive, value };
    });
    for (const o of outcomes) {
      if (o.inactive) expect([o.call, o.value]).toEqual([o.call, expect.stringMatching(/yet/i)]);
      else expect([o.call, failureIn(o.value)]).toEqual([o.call, null]);
    }
    // A `field` on a B/C line answers the figure itself.
    for (const o of outcomes.filter((x) =>
      /"(commissionFee|Commission fee|platformFee|Net profit|netProfit|Original price)"/.test(
        x.call,
      ),
    ))
      expect([o.call, typeof o.value]).toEqual([o.call, "number"]);
    expect(await proxyLog("violations")).toEqual([]);
    // Single-variant A previews send modelId null (spec 4.2 and 2.4), never leave it out.
    const previews = (await proxyLog("requests")) as Array<{
      endpoint: string;
      body: { models?: Array<Record<string, unknown>> };
    }>;
    const models = previews
      .filter((r) => r.endpoint === "A21" || r.endpoint === "A22")
      .flatMap((r) => r.body.models ?? []);
    expect(models.length).toBeGreaterThan(0);
    for (const m of models) expect(Object.prototype.hasOwnProperty.call(m, "modelId")).toBe(true);
    expect(models.some((m) => m.modelId === null)).toBe(true);
  });

  test('SHOPS("B") and SHOPS("C") say how to type the id in; SHOPS() lists the A shops', () => {
    const userProps = new FakeProperties();
    userProps.setProperty("mkt.baseUrl", server.baseUrl);
    userProps.setProperty("mkt.apiKey", server.keys.demo);
    const addon = loadAddon(dir, { http, userProps });
    expect(cell(addon, "SHOPS", "B")).toMatch(
      /^#ERROR! This API has no list of your marketplace B sellers.*type the seller id.*Shops in the sidebar/,
    );
    expect(cell(addon, "SHOPS", "C")).toMatch(
      /^#ERROR! This API has no list of your marketplace C shops.*type the shop id/,
    );
    const all = cell(addon, "SHOPS") as unknown[][];
    expect(all.slice(1).every((row) => row[0] === "A")).toBe(true);
    expect(all.length).toBeGreaterThan(1);
  });
});
