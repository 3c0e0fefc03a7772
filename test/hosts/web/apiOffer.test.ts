/**
 * The saved key never goes to an address the seller has not confirmed (issue 22, item 1). A
 * second local server on another port plays the foreign host a link names in `?api=`, and
 * keeps every request it receives: none may arrive while the page only offers it, whatever the
 * page does meanwhile (reload, cells asking the API); after "Use it" the key goes there.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { startTestServer, type TestServer } from "../../helpers/server";
import { browserBlocker, loopbackOnly, startWebHost, type WebHost } from "./harness";
import { openFromApiLink, saveKey, settledValues, typeInto } from "./webPage";

const blocker = browserBlocker();
const describeBrowser = blocker ? describe.skip : describe;
if (blocker) console.warn(blocker);

jest.setTimeout(90_000);

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly authorization: string | undefined;
}

/** A host that answers every request (CORS allowed, 404) and keeps what it was sent. */
async function startForeignHost(): Promise<{
  baseUrl: string;
  seen: Seen[];
  close(): Promise<void>;
}> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    // The foreign site's own page, framing the web demo (the clickjacking set-up): not an API call.
    if (req.url?.startsWith("/frame?")) {
      const target = new URLSearchParams(req.url.slice("/frame?".length)).get("src") ?? "";
      res.writeHead(200, { "content-type": "text/html" });
      res.end(
        `<iframe id="demo" width="1000" height="700" src="${target.replace(/"/g, "&quot;")}"></iframe>`,
      );
      return;
    }
    seen.push({
      method: req.method ?? "",
      url: req.url ?? "",
      authorization: req.headers.authorization,
    });
    req.resume();
    res.writeHead(req.method === "OPTIONS" ? 204 : 404, {
      "access-control-allow-origin": "*",
      "access-control-allow-headers": "authorization, content-type",
      "access-control-allow-methods": "GET, POST, OPTIONS",
      "content-type": "application/json",
    });
    res.end(req.method === "OPTIONS" ? undefined : '{"error":{"code":"NOT_FOUND"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // localhost, not 127.0.0.1: another host name as well as another port.
    baseUrl: `http://localhost:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describeBrowser("a link's ?api= in Chromium", () => {
  let api: TestServer;
  let foreign: Awaited<ReturnType<typeof startForeignHost>>;
  let host: WebHost;
  let page: Page;
  let key: string;

  const bar = (): Promise<{ kind: string | null; text: string; address: string | null }> =>
    page.evaluate(() => {
      const el = document.getElementById("api-bar");
      return {
        kind: el?.dataset.kind ?? null,
        text: el?.textContent ?? "",
        address: document.getElementById("api-address")?.dataset.address ?? null,
      };
    });
  const savedAddress = (): Promise<string | null> =>
    page.evaluate(() => window.localStorage.getItem("mkt.baseUrl"));
  const openLink = async (address: string): Promise<void> => {
    await page.goto(`${host.url}?api=${encodeURIComponent(address)}`);
    await page.locator("#api-bar[data-kind]").waitFor();
  };
  /** A cell that asks the API (a new product each time, so no cached answer serves it). */
  let nextItem = 10000001;
  const cellAnswers = async (cell: string): Promise<void> => {
    const item = nextItem++;
    await typeInto(page, "Sheet1", cell, `=MKTA_BREAKDOWN(100001, "SG", ${item}, , "netProfit")`);
    const row = Number(cell.slice(1)) - 1; // column A
    const values = await settledValues(page, "Sheet1", (v) => (v[row]?.[0] ?? "") !== "");
    expect(typeof values[row]?.[0]).toBe("number"); // answered by the seller's own API
  };
  const withKey = (): Seen[] => foreign.seen.filter((s) => s.authorization?.includes(key));

  beforeAll(async () => {
    api = await startTestServer({ hostileNames: false });
    key = api.keyFor("demo");
    foreign = await startForeignHost();
    host = await startWebHost();
    page = await host.browser.newPage({ viewport: { width: 1100, height: 800 } });
    await loopbackOnly(page);
    await openFromApiLink(page, host.url, api.baseUrl);
    await saveKey(page, key);
    await cellAnswers("A1");
  });

  afterAll(async () => {
    await host?.close();
    await foreign?.close();
    await api?.close().catch(() => undefined);
  });

  test("the link's address is asked about, not stored, and receives nothing", async () => {
    await openLink(foreign.baseUrl);
    const asked = await bar();
    expect(asked.kind).toBe("offer");
    expect(asked.text).toContain(`This link asks to use the API at ${foreign.baseUrl}`);
    expect(asked.address).toBe(api.baseUrl);
    expect(await page.locator("#api-offer-keep").innerText()).toBe(`Keep ${api.baseUrl}`);
    expect(await page.locator("#api-offer-use").innerText()).toBe(`Use ${foreign.baseUrl}`);
    expect(await savedAddress()).toBe(api.baseUrl);

    // The page works meanwhile, with its own API: the sidebar lists the shops, a cell answers.
    await page.locator("#key-saved").waitFor();
    await cellAnswers("A2");
    // A reload asks again (nothing was stored) and still sends nothing there.
    await page.reload();
    await page.locator("#api-bar[data-kind=offer]").waitFor();
    await cellAnswers("A3");
    expect(foreign.seen).toEqual([]);
    expect(await savedAddress()).toBe(api.baseUrl);
  });

  test("Keep drops the link's address: the page says where it talks, the foreign host saw nothing", async () => {
    await openLink(foreign.baseUrl);
    await page.click("#api-offer-keep");
    await page.waitForURL((url) => !url.searchParams.has("api"));
    await page.locator("#api-bar[data-kind=none]").waitFor();
    expect((await bar()).text).toBe(
      `This page talks to the API at ${api.baseUrl} (change it under API key and settings).`,
    );
    await cellAnswers("A4");
    expect(foreign.seen).toEqual([]);
    expect(await savedAddress()).toBe(api.baseUrl);
  });

  test("an unusable or hostile ?api= is refused in words and changes nothing", async () => {
    for (const link of [
      "http://evil.example", // plain http off this machine
      "javascript:alert(1)",
      `${foreign.baseUrl}/<img src=x onerror="document.title='xss'">`,
    ]) {
      await openLink(link);
      const shown = await bar();
      if (shown.kind === "offer") {
        // A path is allowed in an address: offered as text, never as markup, and spelt as the
        // page will send it (percent-encoded, as the URL parser keeps a path).
        expect(shown.text).toContain("path /%3Cimg%20src=x");
        expect(await page.locator("#api-bar img").count()).toBe(0);
      } else {
        expect(shown.kind).toBe("unusable");
        expect(shown.text).toMatch(/^This link names an API address that cannot be used \(.+\)\./);
        expect(shown.text).toContain(`This page talks to the API at ${api.baseUrl}.`);
      }
      expect(await page.title()).not.toBe("xss");
    }
    // The link naming the address in use asks nothing.
    await openLink(api.baseUrl);
    expect((await bar()).kind).toBe("none");
    expect(foreign.seen).toEqual([]);
    expect(await savedAddress()).toBe(api.baseUrl);
  });

  test("spellings of the parameter: never applied, at most offered, the foreign host sees nothing", async () => {
    // Every spelling is read as the page reads its URL in unit/apiOffer.test.ts (Node's URL
    // parser is the WHATWG one, as Chromium's); here the four whose reading is the browser's
    // own (the name's case, the fragment, an encoded name, a path that reads like a host).
    const port = new URL(foreign.baseUrl).port;
    const apiPort = new URL(api.baseUrl).port;
    const cases: ReadonlyArray<readonly [string, string]> = [
      [`?API=${foreign.baseUrl}`, "none"], // names are case-sensitive: not ours
      [`#api=${foreign.baseUrl}`, "none"], // the fragment is not the query
      [`?%61pi=${encodeURIComponent(foreign.baseUrl)}`, "offer"], // an encoded name is the name
      // A path that reads like another address (issue 36): the key would go to localhost:port.
      [`?api=${encodeURIComponent(`http://localhost:${port}/@127.0.0.1:${apiPort}`)}`, "unusable"],
    ];
    for (const [tail, kind] of cases) {
      await page.goto(`${host.url}${tail}`);
      await page.locator("#api-bar[data-kind]").waitFor();
      expect([tail, (await bar()).kind]).toEqual([tail, kind]);
      expect(await savedAddress()).toBe(api.baseUrl);
    }
    // The page kept working with its own API meanwhile; the foreign host saw nothing at all.
    await cellAnswers("A5");
    expect(foreign.seen).toEqual([]);
  }, 120_000);

  test("inside another page's frame the link's address cannot be chosen, only kept", async () => {
    // A page on another port of this machine: the same site, so the frame shares the demo's
    // saved key (a cross-site frame gets no storage at all in Chromium), and it could lay a
    // decoy over "Use" (clickjacking).
    const framing = foreign.baseUrl.replace("localhost", "127.0.0.1");
    const link = `${host.url}?api=${encodeURIComponent(foreign.baseUrl)}`;
    await page.goto(`${framing}/frame?src=${encodeURIComponent(link)}`);
    const frame = page.frameLocator("#demo");
    await frame.locator("#api-bar[data-kind=offer]").waitFor();
    expect(await frame.locator("#api-offer-use").count()).toBe(0);
    expect(await frame.locator("#api-offer-keep").innerText()).toBe(`Keep ${api.baseUrl}`);
    expect(await frame.locator("#api-address").innerText()).toContain(
      "open the web demo in its own tab to change the API address",
    );
    expect(foreign.seen).toEqual([]);
  });

  test("after the seller confirms, the page talks to the new address, key included", async () => {
    expect(withKey()).toEqual([]);
    await openFromApiLink(page, host.url, foreign.baseUrl);
    expect(await savedAddress()).toBe(foreign.baseUrl);
    expect((await bar()).text).toContain(`talks to the API at ${foreign.baseUrl}`);
    // The sidebar lists the shops of the saved key at start: now from the confirmed address.
    const until = Date.now() + 20_000;
    while (withKey().length === 0 && Date.now() < until) await page.waitForTimeout(100);
    expect(withKey().length).toBeGreaterThan(0);
    expect(withKey()[0]?.authorization).toBe(`Bearer ${key}`);
  });

  test("cells that failed at a wrong address answer once the seller saves the right one", async () => {
    // Still at the foreign address (the test above): a new cell fails there.
    await page.locator("#api-key").waitFor();
    await typeInto(page, "Sheet1", "C1", `=MKTA_BREAKDOWN(100001, "SG", 10000099, , "netProfit")`);
    const failed = await settledValues(page, "Sheet1", (v) => (v[0]?.[2] ?? "") !== "");
    expect(String(failed[0]?.[2])).toMatch(/^#/);
    // The seller puts the right address back in Settings and saves: no other action.
    const settings = page.locator("#sec-settings");
    if (!(await settings.evaluate((d) => (d as HTMLDetailsElement).open)))
      await page.locator("#sec-settings > summary").click();
    await page.fill("#base-url", api.baseUrl);
    await page.click("#save-settings");
    const fixed = await settledValues(page, "Sheet1", (v) => typeof v[0]?.[2] === "number");
    expect(typeof fixed[0]?.[2]).toBe("number");
  });
});
