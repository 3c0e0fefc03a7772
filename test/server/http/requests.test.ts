import { ApiProblem } from "../../../src/server/problem";
import { startTestServer, type TestServer } from "../../helpers/server";
import { echoHandlers, get, P_A, post } from "./fixtures";

const SORTED = `${P_A}/products/7/SG/sorted-by-profit`;

describe("request bodies, routing and CORS over HTTP", () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({
      today: "2025-03-15",
      handlers: {
        ...echoHandlers(),
        A3: () => {
          throw new Error("database password is hunter2");
        },
        A4: () => {
          throw new ApiProblem(422, "The target cannot be reached.", [
            { field: "targetMargin", problem: "unreachable_margin" },
          ]);
        },
        A5: (ctx) => {
          throw new ApiProblem(404, `No item ${String(ctx.body.itemId)} in your shops.`, [
            { field: "itemId", problem: "is not an item of your shops" },
          ]);
        },
      },
    });
    token = server.keyFor("demo");
  });
  afterAll(() => server.close());

  async function expectServerUp(): Promise<void> {
    expect((await get(server.baseUrl + "/api/mkt-a/fetch-all-user-shops", token)).status).toBe(200);
  }

  it("applies the spec's defaults to an omitted or empty optional body and types path parameters", async () => {
    for (const raw of ["", "{}"]) {
      const res = await post(server.baseUrl + SORTED, token, undefined, { raw });
      expect(res.status).toBe(200);
      expect(res.json.data).toEqual({
        account: "demo",
        today: "2025-03-15",
        body: { lookbackDays: 180, includeVat: false, page: 0, pageSize: 50 },
        path: { shopId: 7, region: "SG" },
      });
    }
    const noBody = await fetch(server.baseUrl + SORTED, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(noBody.status).toBe(200);
  });

  it("resolves a 'today' default to the server's today", async () => {
    const res = await post(server.baseUrl + `${P_A}/shop-overview/7/SG`, token, { topN: 3 });
    expect(res.json.data).toMatchObject({
      body: { to: "2025-03-15", topN: 3, compareToPrevious: true },
    });
  });

  it("names the field and what is allowed for wrong types, bounds, missing and unknown fields", async () => {
    const res = await post(server.baseUrl + `${P_A}/product`, token, {
      shopId: "12",
      itemId: 3.5,
      lookbackDays: 0,
      includeVat: "yes",
      effectiveDate: "2025-02-30",
      colour: "red",
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: "ERROR", statusCode: 400 });
    expect(res.json.errors).toEqual(
      expect.arrayContaining([
        { field: "shopId", problem: "must be a whole number" },
        { field: "region", problem: "is required (text)" },
        { field: "itemId", problem: "must be a whole number" },
        { field: "lookbackDays", problem: "must be a whole number from 1 to 730" },
        { field: "includeVat", problem: "must be true or false" },
        {
          field: "effectiveDate",
          problem: "must be a real calendar date (2025-02-30 does not exist)",
        },
        {
          field: "colour",
          problem: expect.stringMatching(
            /^is not a field of this request \(allowed: shopId, region, itemId/,
          ),
        },
      ]),
    );
    expect(res.json.message).toMatch(/^Invalid request: .* \(and 6 more\)\.$/);
  });

  it("checks arrays of objects entry by entry", async () => {
    const res = await post(server.baseUrl + `${P_A}/preview-set-margin`, token, {
      shopId: 1,
      region: "SG",
      models: [{ itemId: 1, modelId: null, originalPrice: 10 }, { itemId: 2 }],
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual([
      {
        field: "models[1].originalPrice",
        problem: "is required (a number from 0 to 1000000000000)",
      },
    ]);
    const empty = await post(server.baseUrl + `${P_A}/preview-set-margin`, token, {
      shopId: 1,
      region: "SG",
      models: [],
    });
    expect(empty.json.errors).toEqual([
      { field: "models", problem: "must be a list of objects with 1 to 1000 entries" },
    ]);
  });

  it("refuses more than 100 ids in a batch", async () => {
    const res = await post(server.baseUrl + `${P_A}/model-breakdowns/batch-by-model-ids`, token, {
      shopId: 1,
      region: "SG",
      modelIds: Array.from({ length: 101 }, (_, i) => i),
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual([
      { field: "modelIds", problem: "must be a list of whole numbers with 1 to 100 entries" },
    ]);
  });

  it("refuses a list over its length on the length alone, not element by element", async () => {
    // 200,000 nulls (1 MB): the schema check used to walk them all (about 1.3 s of the loop).
    const res = await post(server.baseUrl + `${P_A}/corrected-roas/100001/SG`, token, {
      itemIds: Array.from({ length: 200_000 }, () => null),
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual([
      { field: "itemIds", problem: "must be a list of whole numbers with 1 to 100 entries" },
    ]);
  });

  it("answers malformed JSON, a non-object body and a wrong content type with 400", async () => {
    const malformed = await post(server.baseUrl + SORTED, token, undefined, { raw: '{"page": 1,' });
    expect(malformed.status).toBe(400);
    expect(malformed.json.message).toMatch(/^Malformed JSON body/);
    expect(malformed.json.errors).toEqual([
      { field: "body", problem: expect.stringMatching(/^is not valid JSON/) },
    ]);

    const array = await post(server.baseUrl + SORTED, token, [1, 2]);
    expect(array.json.errors).toEqual([
      { field: "body", problem: "must be a JSON object ({...})" },
    ]);

    const charset = await post(server.baseUrl + SORTED, token, undefined, {
      raw: '{"page": 1}',
      contentType: "application/json; charset=utf-8",
    });
    expect(charset.status).toBe(200);

    const text = await post(server.baseUrl + SORTED, token, undefined, {
      raw: "page=1",
      contentType: "text/plain",
    });
    expect(text.status).toBe(400);
    expect(text.json.errors).toEqual([
      { field: "Content-Type", problem: "must be application/json" },
    ]);

    const poisoned = await post(server.baseUrl + SORTED, token, undefined, {
      raw: '{"__proto__": {"x": 1}}',
    });
    expect(poisoned.status).toBe(400);
    await expectServerUp();
  });

  it("answers a 2 MB body with 413 and stays up", async () => {
    const raw = JSON.stringify({ shopId: 1, region: "SG", modelIds: "x".repeat(2 * 1024 * 1024) });
    const res = await post(
      server.baseUrl + `${P_A}/model-breakdowns/batch-by-model-ids`,
      token,
      undefined,
      {
        raw,
      },
    );
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ status: "ERROR", statusCode: 413 });
    expect(res.json.message).toMatch(/larger than 1 MB/);
    await expectServerUp();
  });

  it("passes handler problems (404, 422) through and hides unexpected errors behind a 500", async () => {
    const notMine = await post(server.baseUrl + `${P_A}/simulate`, token, {
      shopId: 1,
      region: "SG",
      itemId: 9,
    });
    expect(notMine.status).toBe(404);
    expect(notMine.json).toEqual({
      status: "ERROR",
      statusCode: 404,
      message: "No item 9 in your shops.",
      errors: [{ field: "itemId", problem: "is not an item of your shops" }],
    });

    const unreachable = await post(server.baseUrl + `${P_A}/required-price`, token, {
      shopId: 1,
      region: "SG",
      categoryId: 2,
      cogs: 5,
      targetMargin: 100,
    });
    expect(unreachable.status).toBe(422);
    expect(unreachable.json.errors).toEqual([
      { field: "targetMargin", problem: "unreachable_margin" },
    ]);

    const crash = await post(server.baseUrl + `${P_A}/new-product`, token, {
      shopId: 1,
      region: "SG",
      listingPrice: 10,
      categoryId: 2,
    });
    expect(crash.status).toBe(500);
    expect(crash.json).toMatchObject({ status: "ERROR", statusCode: 500, errors: [] });
    expect(JSON.stringify(crash.json)).not.toMatch(/hunter2|database/);
    await expectServerUp();
  });

  it("answers 400 for a path parameter of the wrong type", async () => {
    const res = await post(server.baseUrl + `${P_A}/products/abc/SG`, token, {});
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual([
      { field: "shopId", problem: "must be a whole number (path parameter)" },
    ]);
  });

  it("runs the handlers of not-yet-active endpoints", async () => {
    const res = await post(
      server.baseUrl + "/api/mkt-b/financial-breakdown/partner/corrected-roas/5/MY",
      token,
      {
        itemIds: [1],
      },
    );
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ path: { sellerId: 5, region: "MY" } });
  });

  it("answers 404 for an unknown path and 405 with Allow for a known path and wrong method", async () => {
    const missing = await get(server.baseUrl + "/api/mkt-z/nothing", token);
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({
      status: "ERROR",
      statusCode: 404,
      errors: [{ field: "path" }],
    });

    const wrongMethod = await get(server.baseUrl + `${P_A}/products/7/SG`, token);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("POST, OPTIONS");
    expect(wrongMethod.json).toMatchObject({ status: "ERROR", statusCode: 405 });

    const postToGet = await post(server.baseUrl + "/api/mkt-a/fetch-all-user-shops", token, {});
    expect(postToGet.status).toBe(405);
    expect(postToGet.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("answers CORS preflights and exposes Retry-After, without credentials", async () => {
    const preflight = await fetch(server.baseUrl + `${P_A}/product`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://docs.google.com",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization,content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toBe("GET, POST, OPTIONS");
    expect(preflight.headers.get("access-control-allow-headers")).toBe(
      "Authorization, Content-Type",
    );
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();

    const answer = await fetch(server.baseUrl + "/api/mkt-a/fetch-all-user-shops", {
      headers: { Origin: "https://example.org" },
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    expect(answer.headers.get("access-control-expose-headers")).toBe(
      "Retry-After, WWW-Authenticate",
    );
  });

  it("answers an incomplete CORS preflight with the error envelope", async () => {
    const noOrigin = await fetch(server.baseUrl + `${P_A}/product`, { method: "OPTIONS" });
    expect(noOrigin.status).toBe(400);
    expect(noOrigin.headers.get("content-type")).toMatch(/application\/json/);
    const body = (await noOrigin.json()) as { status: string; errors: { field: string }[] };
    expect(body.status).toBe("ERROR");
    expect(body.errors.map((e) => e.field)).toEqual(["origin", "access-control-request-method"]);

    const noMethod = await fetch(server.baseUrl + `${P_A}/product`, {
      method: "OPTIONS",
      headers: { Origin: "https://docs.google.com" },
    });
    expect(noMethod.status).toBe(400);
    const missing = (await noMethod.json()) as { statusCode: number; errors: { field: string }[] };
    expect(missing.statusCode).toBe(400);
    expect(missing.errors.map((e) => e.field)).toEqual(["access-control-request-method"]);
    expect(noMethod.headers.get("access-control-allow-origin")).toBe("*");
  });
});
