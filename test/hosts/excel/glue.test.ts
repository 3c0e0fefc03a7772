/**
 * Unit tests of the Excel glue in Node: functions.json rules, host parity, value conversion,
 * the persisted cache, and that every cell settles (timeout, network failure, missing key,
 * partly failed batch) with a scripted transport. The CustomFunctions fake keeps Excel's
 * rules; no Excel object model is involved (the glue never calls Excel.run).
 */
import type { AsyncTransport } from "../../../src/core/asyncDriver";
import type { HttpRequest } from "../../../src/core/request";
import { CATALOG, CellError } from "../../../src/functions";
import { excelArguments, excelResult, dateToSerial } from "../../../src/hosts/shared/excelValues";
import {
  functionMetadata,
  functionsMetadata,
  looksLikeCellAddress,
  namingProblems,
} from "../../../src/hosts/shared/metadata";
import {
  excelSignatures,
  sheetsStubSignatures,
  signatureDifferences,
} from "../../../src/hosts/excel/parity";
import { CACHE_ITEM_PREFIX, PersistedStore } from "../../../src/hosts/shared/persistedStore";
import { EXCEL_PLACES } from "../../../src/hosts/shared/places";
import { ExcelSession } from "../../../src/hosts/shared/session";
import { readSettings, saveApiKey, saveBaseUrl } from "../../../src/hosts/shared/settings";
import { unassociatedIds } from "../../../build/excel";
import { callInNode, fakeCustomFunctions, FakeExcelError, memoryOfficeStorage } from "./nodeExcel";

const BREAKDOWN = CATALOG.find((f) => f.name === "MKTA_BREAKDOWN");
if (!BREAKDOWN) throw new Error("MKTA_BREAKDOWN missing from the catalog");

describe("functions.json", () => {
  test("cell-address look-alikes are recognised", () => {
    for (const name of ["A1", "xfd1048576", "AB12", "R1C1", "RC", "R12C3"])
      expect(looksLikeCellAddress(name)).toBe(true);
    for (const name of ["XFE1", "A1048577", "MKTA_BREAKDOWN", "SHOPS", "ABCD1"])
      expect(looksLikeCellAddress(name)).toBe(false);
  });

  test("illegal ids and names are reported", () => {
    const ok = {
      id: "PROFIT_ROAS",
      name: "PROFIT_ROAS",
      parameters: [{ name: "shopId" }],
    } as const;
    expect(namingProblems(ok as never)).toEqual([]);
    expect(
      namingProblems({ ...ok, id: "profit-roas", name: "profit-roas" } as never).length,
    ).toBeGreaterThan(0);
    expect(namingProblems({ ...ok, id: "AB1", name: "AB1" } as never).join()).toMatch(
      /cell address/,
    );
    expect(namingProblems({ ...ok, id: "1AB", name: "1AB" } as never).length).toBeGreaterThan(0);
    expect(
      namingProblems({ ...ok, parameters: [{ name: "a" }, { name: "a" }] } as never).join(),
    ).toMatch(/twice/);
  });

  test("the real catalog passes; range-able arguments are matrices; tables spill", () => {
    const doc = functionsMetadata(CATALOG);
    expect(doc.functions.map((f) => f.id)).toEqual(CATALOG.map((f) => f.name));
    const meta = functionMetadata(BREAKDOWN);
    expect(meta.result.dimensionality).toBe("matrix");
    expect(meta.parameters.find((p) => p.name === "itemId")).toMatchObject({
      dimensionality: "matrix",
      optional: false,
    });
    expect(meta.parameters.find((p) => p.name === "field")).toMatchObject({
      dimensionality: "scalar",
      optional: true,
    });
    expect(() => functionsMetadata([{ ...BREAKDOWN, name: "A1" }])).toThrow(/cell address/);
    expect(() => functionsMetadata([BREAKDOWN, BREAKDOWN])).toThrow(/twice/);
  });

  test("the build notices an id the bundle does not associate", () => {
    const doc = functionsMetadata(CATALOG);
    const all = `for (const id of ${JSON.stringify(CATALOG.map((f) => f.name))}) CustomFunctions.associate(id, () => 1);`;
    expect(unassociatedIds(all, doc)).toEqual([]);
    const allButOne = `for (const id of ${JSON.stringify(CATALOG.slice(1).map((f) => f.name))}) CustomFunctions.associate(id, () => 1);`;
    expect(unassociatedIds(allButOne, doc)).toEqual([CATALOG[0]?.name]);
  });
});

describe("Sheets stub parity", () => {
  const stubs = `
/**
 * Breakdown.
 * @param {number} shopId Shop.
 * @param {string} region Region.
 * @param {*|Array<Array<*>>} ids [optional] Ids.
 * @param {number} [field] Field.
 * @customfunction
 */
function DEMO_FN(shopId, region, ids, field) { return MKT.invoke("DEMO_FN", [shopId, region, ids, field]); }
/** Not a custom function. */
function helper(a) { return a; }`;

  test("stub signatures are read from JSDoc and compared by name, order and optionality", () => {
    const sheets = sheetsStubSignatures(stubs);
    expect(sheets).toEqual([
      {
        name: "DEMO_FN",
        params: [
          { name: "shopId", optional: false },
          { name: "region", optional: false },
          { name: "ids", optional: true },
          { name: "field", optional: true },
        ],
      },
    ]);
    const same = [
      {
        name: "DEMO_FN",
        params: [
          { name: "shopId", optional: false },
          { name: "region", optional: false },
          { name: "ids", optional: true },
          { name: "field", optional: true },
        ],
      },
    ];
    expect(signatureDifferences(same, sheets)).toEqual([]);
    const reordered = [
      {
        name: "DEMO_FN",
        params: [
          { name: "region", optional: false },
          { name: "shopId", optional: false },
          { name: "ids", optional: true },
          { name: "field", optional: true },
        ],
      },
    ];
    expect(signatureDifferences(reordered, sheets)).toHaveLength(1);
    const notOptional = [
      {
        name: "DEMO_FN",
        params: [
          { name: "shopId", optional: false },
          { name: "region", optional: false },
          { name: "ids", optional: true },
          { name: "field", optional: false },
        ],
      },
    ];
    expect(signatureDifferences(notOptional, sheets)).toHaveLength(1);
    expect(signatureDifferences([...same, { name: "EXTRA", params: [] }], sheets)).toEqual([
      "EXTRA is in Excel but not in Sheets",
    ]);
  });

  test("functions.json of the catalog gives the catalog's own parameter lists", () => {
    const fromCatalog = CATALOG.map((f) => ({
      name: f.name,
      params: f.params.map((p) => ({ name: p.name, optional: p.optional })),
    }));
    expect(signatureDifferences(excelSignatures(functionsMetadata(CATALOG)), fromCatalog)).toEqual(
      [],
    );
  });
});

describe("Excel values", () => {
  test("dates become serials (UTC wall clock, days since 1899-12-30)", () => {
    expect(dateToSerial(new Date(Date.UTC(2025, 0, 1)))).toBe(45658);
    expect(dateToSerial(new Date(Date.UTC(1900, 0, 1, 12)))).toBe(2.5);
  });

  test("arguments: invocation dropped, null omitted, [[x]] unwrapped, ranges kept with empty cells", () => {
    const invocation = { functionName: "MKTA_BREAKDOWN", address: "A1" };
    const args = excelArguments(BREAKDOWN, [
      100001,
      "SG",
      [[5]],
      [[1], [null]],
      null,
      true,
      null,
      null,
      45658,
      invocation,
    ]);
    expect(args).toEqual([
      100001,
      "SG",
      5,
      [[1], [undefined]],
      undefined,
      true,
      undefined,
      undefined,
      45658,
    ]);
  });

  test("results: rectangular spills, scalars wrapped, error rows as #VALUE!/#N/A cells", () => {
    const table = excelResult(
      [
        ["Model", "Net profit"],
        [1, 2.5],
        [new CellError("#N/A", "model 3 not found in shop 1")],
        [new CellError("#VALUE!", "API key rejected")],
        ["Error: a product named like an error stays text"],
      ],
      "matrix",
      fakeCustomFunctions,
      EXCEL_PLACES,
    ) as unknown[][];
    expect(table[1]).toEqual([1, 2.5]);
    expect(table.every((r) => r.length === 2)).toBe(true);
    expect(table[2]?.[0]).toBeInstanceOf(FakeExcelError);
    expect(table[2]?.[0]).toEqual(new FakeExcelError("#N/A", "model 3 not found in shop 1"));
    expect((table[2]?.[0] as FakeExcelError).code).toBe("#N/A");
    expect(table[3]?.[0]).toEqual(new FakeExcelError("#VALUE!", "API key rejected"));
    expect((table[3]?.[0] as FakeExcelError).code).toBe("#VALUE!");
    // Text is never pattern-matched into an error: only a typed CellError becomes one.
    expect(table[4]?.[0]).toBe("Error: a product named like an error stays text");
    expect(table[2]?.[1]).toBe("");
    expect(excelResult(7, "matrix", fakeCustomFunctions, EXCEL_PLACES)).toEqual([[7]]);
    expect(
      excelResult(new Date(Date.UTC(2025, 0, 1)), "scalar", fakeCustomFunctions, EXCEL_PLACES),
    ).toBe(45658);
    expect(excelResult([], "matrix", fakeCustomFunctions, EXCEL_PLACES)).toEqual([[""]]);
  });
});

describe("settings", () => {
  test("key and base URL live in OfficeRuntime.storage; a bad base URL is refused", async () => {
    const storage = memoryOfficeStorage();
    expect(await readSettings(storage, "http://localhost:8787")).toEqual({
      apiKey: null,
      keyRejected: false,
      baseUrl: "http://localhost:8787",
      liveCalls: true,
      listAnswers: true,
      basis: { countVat: true, salesWindowDays: 180 },
    });
    await saveApiKey(storage, "  pat_secret  ");
    await expect(saveBaseUrl(storage, "http://api.example.com")).rejects.toThrow(
      /^API address must start with https:\/\//,
    );
    await saveBaseUrl(storage, "https://API.example.com/v1/");
    await storage.setItems({
      "mkt.liveCalls": "off",
      "mkt.listAnswers": "off",
      "mkt.cacheTtlSec": "90",
      "mkt.countVat": "off",
    });
    expect(await readSettings(storage, "x")).toEqual({
      apiKey: "pat_secret",
      keyRejected: false,
      baseUrl: "https://api.example.com/v1",
      liveCalls: false,
      listAnswers: false,
      cacheTtlSec: 90,
      basis: { countVat: false, salesWindowDays: 180 },
    });
    await saveApiKey(storage, "");
    expect((await readSettings(storage, "x")).apiKey).toBeNull();
  });
});

describe("persisted cache store", () => {
  test("entries reach storage under their (hashed) key, load back in a new session, expire, and clear", async () => {
    let now = 1_000_000;
    const clock = { now: () => now };
    const storage = memoryOfficeStorage();
    const first = new PersistedStore({ storage, clock });
    first.put("mpc1:abc", "one", 60);
    first.put("mpc1:def", "two", 600);
    await first.flush();
    expect([...storage.items.keys()].sort()).toEqual([
      `${CACHE_ITEM_PREFIX}mpc1:abc`,
      `${CACHE_ITEM_PREFIX}mpc1:def`,
    ]);

    now += 120_000; // the first entry has expired
    const second = new PersistedStore({ storage, clock });
    expect(await second.load()).toBe(1);
    expect(second.get("mpc1:abc")).toBeNull();
    expect(second.get("mpc1:def")).toBe("two");
    expect(storage.items.has(`${CACHE_ITEM_PREFIX}mpc1:abc`)).toBe(false);

    await second.clear();
    expect([...storage.items.keys()].filter((k) => k.startsWith(CACHE_ITEM_PREFIX))).toEqual([]);
  });

  test("a storage another add-in filled (every write refused): answers still come from memory this session", async () => {
    // OfficeRuntime.storage's 10 MB is per domain, shared with other add-ins (FAKES.md E-C8).
    const full = {
      ...memoryOfficeStorage({ "mkt.apiKey": "keep me" }),
      setItems: async () => {
        throw new Error("QuotaExceededError: the domain's 10 MB are used");
      },
    };
    const store = new PersistedStore({ storage: full });
    store.put("answer", '{"netProfit":1.5}', 600);
    await expect(store.flush()).resolves.toBeUndefined();
    expect(store.get("answer")).toBe('{"netProfit":1.5}');
    expect([...full.items.keys()]).toEqual(["mkt.apiKey"]);
  });

  test("stays within its byte budget by dropping the oldest entries", async () => {
    const storage = memoryOfficeStorage({ "mkt.apiKey": "keep me" });
    const store = new PersistedStore({ storage, budgetBytes: 5_000 });
    for (let i = 0; i < 20; i++) store.put(`k${i}`, "x".repeat(1000), 600);
    await store.flush();
    expect(store.bytes).toBeLessThanOrEqual(5_000);
    expect(store.get("k0")).toBeNull();
    expect(store.get("k19")).not.toBeNull();
    const cached = [...storage.items.keys()].filter((k) => k.startsWith(CACHE_ITEM_PREFIX));
    expect(cached.length).toBeLessThan(6);
    expect(storage.items.get("mkt.apiKey")).toBe("keep me");
  });
});

describe("every cell settles", () => {
  const A1_PATH = "/api/mkt-a/financial-breakdown/model-breakdowns/batch-by-model-ids";

  function session(
    transport: AsyncTransport,
    apiKey: string | null = "pat_test_key",
  ): ExcelSession {
    const items: Record<string, string> = { "mkt.baseUrl": "http://127.0.0.1:9" };
    if (apiKey) items["mkt.apiKey"] = apiKey;
    return new ExcelSession({
      storage: memoryOfficeStorage(items),
      defaultBaseUrl: "http://127.0.0.1:9",
      transport,
      requestTimeoutMs: 100,
      batchWindowMs: 5,
    });
  }

  test("a server that never answers: the cell shows a timeout error, not #BUSY!", async () => {
    const never: AsyncTransport = { fetch: () => new Promise(() => undefined) };
    const started = Date.now();
    const out = await callInNode(session(never), "MKTA_BREAKDOWN", [
      100001,
      "SG",
      5,
      7,
      "netProfit",
    ]);
    expect(out).toMatchObject({ ok: false, error: "#VALUE!" });
    expect(!out.ok && out.message).toMatch(/The API at .* did not answer in time \(slow or busy\)/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  test("a network failure: every batched cell gets the same clear error", async () => {
    let requests = 0;
    const down: AsyncTransport = {
      fetch: async () => {
        requests++;
        return { status: 0, headers: {}, body: "" };
      },
    };
    const s = session(down);
    const outs = await Promise.all(
      [7, 8, 9].map((m) => callInNode(s, "MKTA_BREAKDOWN", [100001, "SG", 5, m, "netProfit"])),
    );
    for (const o of outs)
      expect(o).toMatchObject({
        ok: false,
        error: "#VALUE!",
        message: expect.stringMatching(/reach the API/),
      });
    expect(requests).toBeLessThanOrEqual(4); // one batch, retried at most 3 times
  });

  test("no key: the cell says where to enter it, and nothing is sent", async () => {
    const fail: AsyncTransport = { fetch: () => Promise.reject(new Error("must not be called")) };
    const out = await callInNode(session(fail, null), "SHOPS", ["A"]);
    expect(out).toMatchObject({
      ok: false,
      error: "#VALUE!",
      message: expect.stringMatching(/key/i),
    });
  });

  test("a batch where one id has no entry: that row is an error cell inside the spill, the others show figures", async () => {
    const seen: HttpRequest[] = [];
    const partial: AsyncTransport = {
      fetch: async (request) => {
        seen.push(request);
        const body = JSON.parse(request.body ?? "{}") as { modelIds: number[] };
        const data = body.modelIds
          .filter((m) => m !== 9)
          .map((m) => ({ itemId: 5, modelId: m, metadata: { netProfit: m * 1.5 }, breakdown: {} }));
        return {
          status: 200,
          headers: {},
          body: JSON.stringify({ status: "SUCCESS", statusCode: 200, data }),
        };
      },
    };
    const out = await callInNode(session(partial), "MKTA_BREAKDOWN", [
      100001,
      "SG",
      [[5], [5], [5]],
      [[7], [9], [8]],
      "netProfit",
    ]);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toContain(A1_PATH);
    expect(seen[0]?.headers.Authorization ?? seen[0]?.headers.authorization).toBe(
      "Bearer pat_test_key",
    );
    expect(out.ok).toBe(true);
    const rows = out.ok ? (out.value as unknown[][]) : [];
    expect(rows.map((r) => r[0])).toEqual([
      10.5,
      { error: "#N/A", message: expect.stringMatching(/^Not found: model 9 in shop /) },
      12,
    ]);
  });
});
