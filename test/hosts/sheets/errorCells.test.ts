/**
 * A failed row inside a spilled table, in both hosts, against the reference server: the
 * catalog returns a typed CellError; Sheets (no error values inside an array) shows the text
 * "Error: <message>", Excel an #N/A error value with the message on hover.
 */
import { callInNode, nodeSession } from "../excel/nodeExcel";
import {
  buildSheetsBundle,
  cell,
  loadAddon,
  startServerProcess,
  type ServerProcess,
} from "./harness";
import { FakeProperties } from "./fakes";
import { SyncHttp } from "./syncHttp";

jest.setTimeout(120_000);

let dir = "";
let server: ServerProcess;
let http: SyncHttp;
let shop: { shopId: number; region: string };
let item: number;

async function get(urlPath: string, body?: unknown): Promise<unknown> {
  const res = await fetch(server.baseUrl + urlPath, {
    method: body ? "POST" : "GET",
    headers: {
      authorization: `Bearer ${server.keys.demo}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return ((await res.json()) as { data: unknown }).data;
}

beforeAll(async () => {
  dir = buildSheetsBundle();
  server = await startServerProcess();
  http = new SyncHttp(30_000);
  const shops = (await get("/api/mkt-a/fetch-all-user-shops")) as Array<typeof shop>;
  shop = shops[0] as typeof shop;
  const page = (await get(`/api/mkt-a/financial-breakdown/products/${shop.shopId}/${shop.region}`, {
    pageSize: 5,
  })) as { data: Array<{ itemId: number }> };
  item = (page.data[0] as { itemId: number }).itemId;
});

afterAll(async () => {
  await http?.close();
  await server?.stop();
});

const MISSING_ITEM = 987654321;

test("Sheets shows a failed row as Error: text; the other rows keep their figures", () => {
  const userProps = new FakeProperties();
  userProps.setProperty("mkt.baseUrl", server.baseUrl);
  userProps.setProperty("mkt.apiKey", server.keys.demo);
  const addon = loadAddon(dir, { http, userProps });
  const rows = cell(addon, "MKTA_ITEM", shop.shopId, shop.region, [[item], [MISSING_ITEM]]);
  expect(Array.isArray(rows)).toBe(true);
  const table = rows as unknown[][];
  expect(table).toHaveLength(3); // header + one row per id
  expect(table[1]?.[0]).toBe(item);
  expect(table[1]?.some((c) => typeof c === "number" && c !== item)).toBe(true);
  const failed = table[2] ?? [];
  expect(failed[0]).toBe(MISSING_ITEM);
  const text = failed.find((c) => typeof c === "string" && c.startsWith("Error: "));
  expect(text).toMatch(/^Error: .*\S/);
  // Only plain values reach Sheets: no object inside the array.
  expect(table.flat().every((c) => ["string", "number", "boolean"].includes(typeof c))).toBe(true);
});

test("Excel shows the same failed row as an #N/A error value with the message", async () => {
  const session = nodeSession(server.baseUrl, server.keys.demo);
  const out = await callInNode(session, "MKTA_ITEM", [
    shop.shopId,
    shop.region,
    [[item], [MISSING_ITEM]],
  ]);
  expect(out.ok).toBe(true);
  if (!out.ok || !Array.isArray(out.value)) throw new Error("expected a table");
  const table = out.value;
  const failed = table[2] ?? [];
  expect(failed[0]).toBe(MISSING_ITEM);
  const error = failed.find((c) => typeof c === "object");
  expect(error).toEqual({ error: "#N/A", message: expect.stringMatching(/\S/) as unknown });
  expect(table.every((r) => r.length === table[0]?.length)).toBe(true);
});
