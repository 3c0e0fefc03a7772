/**
 * Cell lists read pages as imports do (core/paginate), over real HTTP to the reference server
 * behind a proxy that reshapes its answers the ways spec 2.3 allows and it does not produce:
 * rows under `rows` or `data` for either paging, a cursor holding its id as a string, and an
 * API that ignores the cursor or page number (the same page again stops with an error rather
 * than repeating rows). The proxy also asks for 3 rows a page, so every walk has many pages.
 */
import { runAsync } from "../../src/core/asyncDriver";
import type { HttpRequest } from "../../src/core/request";
import { functionByName } from "../../src/functions";
import { errorsAsText } from "../../src/functions/cells";
import { fetchTransport } from "../../src/hosts/shared/fetchTransport";
import { functionEnv } from "../helpers/functionEnv";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
});
afterAll(() => server.close());

type Json = Record<string, unknown>;

interface Reshape {
  /** Change the request body the API sees. */
  readonly ask?: (body: Json) => Json;
  /** Change the page inside the success envelope. */
  readonly answer?: (page: Json) => Json;
}

/** A transport to the reference server that reshapes requests and answers; counts pages. */
function proxy(reshape: Reshape) {
  const inner = fetchTransport();
  const seen = { pages: 0 };
  const transport = {
    async fetch(req: HttpRequest) {
      const asked = { ...(JSON.parse(req.body ?? "{}") as Json), pageSize: 3 };
      const body = JSON.stringify(reshape.ask ? reshape.ask(asked) : asked);
      const res = await inner.fetch({ ...req, body });
      seen.pages++;
      const envelope = JSON.parse(res.body) as Json;
      if (reshape.answer && envelope.data) envelope.data = reshape.answer(envelope.data as Json);
      return { ...res, body: JSON.stringify(envelope) };
    },
  };
  return { transport, seen };
}

async function cell(reshape: Reshape, name: string, ...args: unknown[]) {
  const api = proxy(reshape);
  const env = { ...functionEnv(server), transport: api.transport };
  const fn = functionByName(name);
  if (!fn) throw new Error(name);
  try {
    return { value: errorsAsText(await runAsync(fn.program(args as never), env)), ...api.seen };
  } catch (e) {
    return { value: `#ERROR! ${(e as Error).message}`, ...api.seen };
  }
}

/** `list` moved to `to`; the rest of the page as it was. */
const moved =
  (list: string, to: string) =>
  (page: Json): Json => {
    const { [list]: rows, ...rest } = page;
    return { ...rest, [to]: rows };
  };

const stringCursor = (page: Json): Json => {
  const next = page.nextCursor as Json | null;
  return { ...page, nextCursor: next && { rtProductId: String(next.rtProductId) } };
};

describe("a cursor list (MKTA_PRODUCTS, A7)", () => {
  test("rows under `rows` and a cursor id as text give the table the plain answers give", async () => {
    const plain = await cell({}, "MKTA_PRODUCTS", 100001, "SG", 10);
    expect(Array.isArray(plain.value) && plain.value.length).toBe(11);
    expect(plain.pages).toBe(4);
    const reshaped = await cell(
      { answer: (p) => stringCursor(moved("data", "rows")(p)) },
      "MKTA_PRODUCTS",
      100001,
      "SG",
      10,
    );
    expect(reshaped).toEqual(plain);
    const entries = await cell(
      { answer: moved("data", "entries") },
      "MKTA_PRODUCTS",
      100001,
      "SG",
      10,
    );
    expect(entries).toEqual(plain);
  });

  test("an API that ignores the cursor stops with an error, not repeated rows", async () => {
    const ignoring = await cell(
      { ask: ({ cursorRtProductId: _ignored, ...rest }) => rest },
      "MKTA_PRODUCTS",
      100001,
      "SG",
      10,
    );
    expect(ignoring.value).toMatch(/^#ERROR! The API repeated a page cursor .*refresh the cells/);
    expect(ignoring.pages).toBe(2);
  });
});

describe("an offset list (MKTA_TOP_PRODUCTS, A11)", () => {
  test("rows under `rows` or `data` give the table `entries` gives", async () => {
    const plain = await cell({}, "MKTA_TOP_PRODUCTS", 100001, "SG", "PROFIT", 10);
    expect(Array.isArray(plain.value) && plain.value.length).toBe(11);
    expect(plain.pages).toBe(4);
    for (const to of ["rows", "data"])
      expect(
        await cell(
          { answer: moved("entries", to) },
          "MKTA_TOP_PRODUCTS",
          100001,
          "SG",
          "PROFIT",
          10,
        ),
      ).toEqual(plain);
  });

  test("an API that ignores the page number stops with an error, not repeated rows", async () => {
    const ignoring = await cell(
      { ask: (body) => ({ ...body, page: 0 }) },
      "MKTA_TOP_PRODUCTS",
      100001,
      "SG",
      "PROFIT",
      10,
    );
    expect(ignoring.value).toMatch(/^#ERROR! The API repeated a page cursor .*refresh the cells/);
    expect(ignoring.pages).toBe(2);
  });
});
