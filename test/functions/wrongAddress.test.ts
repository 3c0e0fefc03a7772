/**
 * A wrong API address, or something other than the API answering at it, is never blamed on
 * the ids or the key (over real HTTP): the reference server behind a path it does not have
 * answers 404 with field "path"; a proxy in front of it answers plain text or HTML with 403,
 * 404, 405, 418 or 422. Each says what the seller can fix: the API address, or the network.
 */
import { runAsync, type AsyncEnv } from "../../src/core/asyncDriver";
import type { HttpRequest } from "../../src/core/request";
import { functionByName } from "../../src/functions";
import { DEFAULT_BASIS } from "../../src/functions/basis";
import { errorsAsText } from "../../src/functions/cells";
import { fetchTransport } from "../../src/hosts/shared/fetchTransport";
import { asyncSettingsMethods } from "../../src/hosts/shared/asyncSettingsBridge";
import { WEB_PLACES, withPlaces } from "../../src/hosts/shared/places";
import type { HostBridge } from "../../src/ui/bridge";
import { functionEnv } from "../helpers/functionEnv";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
});
afterAll(() => server.close());

async function cell(env: AsyncEnv, name: string, ...args: unknown[]): Promise<unknown> {
  const fn = functionByName(name);
  if (!fn) throw new Error(name);
  try {
    return errorsAsText(await runAsync(fn.program(args as never), env));
  } catch (e) {
    return `#ERROR! ${(e as Error).message}`;
  }
}

/** The reference server, except that the proxy answers `status` with `body` itself. */
function behindProxy(status: number, body: string): AsyncEnv {
  const inner = fetchTransport();
  return {
    ...functionEnv(server),
    transport: {
      fetch: async (req: HttpRequest) => {
        await inner.fetch(req); // the API is there; the proxy answers instead
        return { status, headers: { "content-type": "text/html" }, body };
      },
    },
  };
}

const ADDRESS = /check the base URL in Settings/;
const BLAMES_IDS_OR_KEY =
  /check the ids|cannot see it|API key rejected|create a new key|Try a lower target/;

describe("a wrong API address", () => {
  test("the reference server under /v2 says no such endpoint: the address, not the ids", async () => {
    const env = { ...functionEnv(server), baseUrl: `${server.baseUrl}/v2` };
    const shown = await cell(env, "MKTA_ITEM", 100001, "SG", 100012, "netProfit");
    expect(shown).toMatch(/^#ERROR! The API address answered that it has no such endpoint/);
    expect(shown).toMatch(ADDRESS);
    expect(shown).not.toMatch(BLAMES_IDS_OR_KEY);
  });

  test("a 404 page in HTML or text: the address, not the ids", async () => {
    for (const body of ["<html><body>Not Found</body></html>", "404 page not found"]) {
      const shown = await cell(
        behindProxy(404, body),
        "MKTA_ITEM",
        100001,
        "SG",
        100012,
        "netProfit",
      );
      expect(shown).toMatch(/^#ERROR! The API address answered that it has no such endpoint/);
      expect(shown).not.toMatch(BLAMES_IDS_OR_KEY);
    }
  });

  test("a 404 in the API's envelope to a call that names no id is the address too", async () => {
    // The spec shows no error envelope: any API's "not found" may look like this one.
    const body = JSON.stringify({ status: "ERROR", statusCode: 404, message: "Not Found" });
    for (const args of [["SHOPS"], ["SHOPS", "A"], ["PRODUCT_SEARCH", "lamp"]] as const) {
      const [name, ...rest] = args;
      const shown = await cell(behindProxy(404, body), name, ...rest);
      expect(shown).toMatch(/^#ERROR! The API address answered that it has no such endpoint/);
      expect(shown).not.toMatch(BLAMES_IDS_OR_KEY);
    }
  });

  test("the API's own 404 still names the id it could not find", async () => {
    const shown = await cell(functionEnv(server), "MKTA_ITEM", 100001, "SG", 999, "netProfit");
    expect(shown).toMatch(/^#ERROR! Not found: item 999 in shop 100001 SG/);
  });

  test("Check and save key in the web demo says the address, in the pane's words", async () => {
    const stored = new Map<string, string>();
    const base = `${server.baseUrl}/v2`;
    const bridge = withPlaces(
      asyncSettingsMethods({
        storage: {
          get: async (n) => stored.get(n) ?? null,
          set: async (n, v) => void stored.set(n, v),
          remove: async (n) => void stored.delete(n),
        },
        settings: async () => ({
          apiKey: null,
          baseUrl: base,
          ttl: 300,
          listAnswers: true,
          basis: DEFAULT_BASIS,
          keyRejected: false,
        }),
        trialEnv: (key, s) => ({ ...functionEnv(server), apiKey: key, baseUrl: s.baseUrl }),
      }) as HostBridge,
      WEB_PLACES,
    );
    const refusal = await bridge.saveApiKey(server.keyFor("demo")).catch((e: Error) => e.message);
    expect(refusal).toMatch(/no such endpoint/);
    expect(refusal).toMatch(/check the API address in API key and settings in the pane/);
    expect(refusal).not.toMatch(BLAMES_IDS_OR_KEY);
    expect(stored.size).toBe(0);
  });
});

describe("something between the seller and the API answers", () => {
  test("a plain 403 is a proxy or firewall, not a rejected key", async () => {
    const shown = await cell(
      behindProxy(403, "Forbidden"),
      "MKTA_ITEM",
      100001,
      "SG",
      100012,
      "netProfit",
    );
    expect(shown).toMatch(
      /^#ERROR! The request was refused by something between you and the API \(a proxy or firewall/,
    );
    expect(shown).toMatch(ADDRESS);
    expect(shown).not.toMatch(BLAMES_IDS_OR_KEY);
  });

  test("a plain 405 or 418 is an unexpected status at that address, not the arguments", async () => {
    for (const status of [405, 418]) {
      const shown = await cell(
        behindProxy(status, "Method Not Allowed"),
        "MKTA_ITEM",
        100001,
        "SG",
        100012,
        "netProfit",
      );
      expect(shown).toMatch(new RegExp(`unexpected status \\(HTTP ${status}\\)`));
      expect(shown).toMatch(ADDRESS);
      expect(shown).not.toMatch(/check the arguments/);
    }
  });

  test("a plain 422 on an endpoint without a target does not speak of a target", async () => {
    const shown = await cell(
      behindProxy(422, "Unprocessable"),
      "MKTA_ITEM",
      100001,
      "SG",
      100012,
      "netProfit",
    );
    expect(shown).toMatch(/unexpected status \(HTTP 422\)/);
    expect(shown).not.toMatch(BLAMES_IDS_OR_KEY);
  });
});

test("the API's own 422 on an endpoint without a target asks to check the arguments", async () => {
  const body = JSON.stringify({
    status: "ERROR",
    statusCode: 422,
    message: "cannot compute this item",
    errors: [{ field: "itemId", problem: "cannot compute" }],
  });
  const shown = await cell(behindProxy(422, body), "MKTA_ITEM", 100001, "SG", 100012, "netProfit");
  expect(shown).toBe(
    "#ERROR! Request refused (HTTP 422: cannot compute this item): check the arguments",
  );
});
