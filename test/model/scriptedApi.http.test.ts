/**
 * The seller-data model's scripted API against the reference server, over real HTTP:
 * - its pages have the server's shape (every field it sends, the server sends, of the same
 *   type; the same page fields), and the import reads both into the same columns;
 * - a smaller run of the model itself with the add-in (Excel's task pane) talking to the
 *   server: the server's own products and figures, a new basis standing for the API's changes.
 */
// office-addin-mock's manifest dependency is ESM-only: give it the host names alone.
jest.mock("office-addin-manifest", () => ({
  OfficeApp: { Excel: "excel", Outlook: "outlook", PowerPoint: "powerpoint", Word: "word" },
}));
import fc from "fast-check";
import { P_A, P_B } from "../../src/api/endpoints";
import { fetchTransport } from "../../src/hosts/shared/fetchTransport";
import { firstState, readStep } from "../../src/imports/plan";
import { startTestServer, type TestServer } from "../helpers/server";
import { sequences, startModel } from "./actions";
import { excelHost } from "./excelHost";
import { RealApi } from "./realApi";
import { modelImport, seedOfToday } from "./run";
import { MODEL_SHOP, ScriptedApi, type ModelMarketplace } from "./scriptedApi";

jest.setTimeout(300_000);
let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
  key = server.keyFor("demo");
});
afterAll(() => server.close());

/** A value's shape: its type, and for objects each field's shape. */
function shape(v: unknown): unknown {
  if (v === null) return "null";
  if (Array.isArray(v)) return v.length > 0 && typeof v[0] === "object" ? [shape(v[0])] : "array";
  if (typeof v === "object")
    return Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, shape(x)]));
  return typeof v;
}

/** Every field `part` has is in `whole`, of the same shape (the server may send more). */
function within(part: unknown, whole: unknown, at = "data"): string[] {
  if (typeof part !== "object" || part === null || Array.isArray(part))
    return JSON.stringify(part) === JSON.stringify(whole)
      ? []
      : [`${at}: ${JSON.stringify(part)} vs ${JSON.stringify(whole)}`];
  if (typeof whole !== "object" || whole === null)
    return [`${at}: object vs ${JSON.stringify(whole)}`];
  return Object.entries(part).flatMap(([k, v]) =>
    k in whole
      ? within(v, (whole as Record<string, unknown>)[k], `${at}.${k}`)
      : [`${at}.${k}: not sent by the server`],
  );
}

describe.each<ModelMarketplace>(["A", "B"])("marketplace %s", (marketplace) => {
  test("the scripted pages have the reference server's shape and read into its columns", async () => {
    const shop = MODEL_SHOP[marketplace];
    const path = `${marketplace === "A" ? P_A : P_B}/products/${shop.shopId}/${shop.region}/sorted-by-profit`;
    const res = await fetch(`${server.baseUrl}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ page: 0, pageSize: 3 }),
    });
    const real = ((await res.json()) as { data: Record<string, unknown> }).data;
    const scripted = JSON.parse(
      new ScriptedApi(marketplace).answer({
        method: "POST",
        url: `https://api.model.example${path}`,
        headers: {},
        body: JSON.stringify({ page: 0, pageSize: 3 }),
      }).body,
    ).data as Record<string, unknown>;
    const entry = (d: Record<string, unknown>) => (d.entries as unknown[])[0];
    expect(Object.keys(scripted).sort()).toEqual(Object.keys(real).sort());
    expect(within(shape(entry(scripted)), shape(entry(real)))).toEqual([]);
    const def = modelImport(marketplace);
    const read = (d: unknown) =>
      readStep(def, firstState(def), d).state.columns?.map((c) => c.header) ?? [];
    const realHeaders = read(real);
    expect(read(scripted).filter((h) => !realHeaders.includes(h))).toEqual([]);
  });
});

test("the model over real HTTP: 30 sequences in Excel against the reference server", async () => {
  const runs = Number(process.env.MODEL_HTTP_RUNS ?? 30);
  const samples = fc.sample(
    fc.tuple(fc.constantFrom<ModelMarketplace>("A", "B"), sequences({ daily: false })),
    { seed: seedOfToday(), numRuns: runs },
  );
  let actions = 0;
  for (const [marketplace, commands] of samples) {
    const api = new RealApi(server.baseUrl, key, marketplace, 6);
    const host = excelHost({ transport: fetchTransport(), baseUrl: server.baseUrl, apiKey: key });
    api.attach(host);
    const def = { ...modelImport(marketplace), options: { limit: 6 } };
    const { model, real } = await startModel({ host, api }, def);
    const done: string[] = [];
    for (const step of commands) {
      done.push(step.toString());
      try {
        await step.run(model, real);
      } catch (e) {
        throw new Error(`${marketplace}: ${done.join(", ")}\n${String(e)}`);
      }
      actions++;
    }
  }
  console.log(`over HTTP: ${runs} sequences, ${actions} actions`);
  expect(actions).toBeGreaterThan(0);
});
