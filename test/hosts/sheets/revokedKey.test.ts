/**
 * A revoked key in Sheets (the built bundle, real HTTP; the server revokes for real): a 401
 * met anywhere, even by an import that runs without the cache, stops the cells' cached
 * answers, turns the sidebar's key status red, and a refused trial key changes nothing.
 */
import { addonSuite, cell, loadAddon, TOP_PRODUCTS_IMPORT as DEF } from "./harness";
import { FakeProperties, FakeSpreadsheet } from "./fakes";
import type { JobView } from "../../../src/sidebar/jobs/jobRecord";

jest.setTimeout(180_000);
const suite = addonSuite();

test("an import's 401 stops the cells' cached answers and turns the key red", async () => {
  const { dir, server, http } = suite;
  const key = server.keys.demo2;
  const userProps = new FakeProperties();
  userProps.setProperty("mkt.baseUrl", server.baseUrl);
  userProps.setProperty("mkt.apiKey", key);
  const book = new FakeSpreadsheet();
  const first = loadAddon(dir, { http, userProps, book });
  const shared = {
    http,
    userProps,
    book,
    documentCache: first.documentCache,
    scriptCache: first.scriptCache,
    documentProps: first.documentProps,
    clock: first.clock,
    lock: first.lock,
  };
  const before = cell(first, "MKTA_BREAKDOWN", 100001, "SG", 10001691, "", "netProfit");
  expect(typeof before).toBe("number");
  await server.revoke(key);

  // The sidebar's import job meets the 401 in its own execution, without the cache: it ends.
  const sidebar = loadAddon(dir, shared);
  const begun = sidebar.call("sidebarJobStart", "import", { def: DEF }) as { id: string };
  const stepped = sidebar.call("sidebarJobStep", begun.id, "sidebar-test") as JobView;
  expect(stepped.phase).toBe("failed");
  expect(stepped.error).toMatch(/API key rejected/);
  expect((sidebar.call("getSettings") as { keyRejected: boolean }).keyRejected).toBe(true);

  // A mistyped new key is refused; the saved key stays red.
  expect(cell(sidebar, "saveApiKey", `mkta_pat_${"Zq7".repeat(14)}`)).toMatch(/API key rejected/);
  expect((sidebar.call("getSettings") as { keyRejected: boolean }).keyRejected).toBe(true);

  // The same formula in another execution no longer answers from the cache.
  const again = loadAddon(dir, shared);
  expect(cell(again, "MKTA_BREAKDOWN", 100001, "SG", 10001691, "", "netProfit")).toMatch(
    /^#ERROR! API key rejected/,
  );
});
