/**
 * Cells under faults (issue 22, item 8), through the Excel runtime's session in Node (the web
 * demo runs the same session and transport) against test/helpers/oddApi.ts over real HTTP:
 * every cell says what went wrong with the answer, never blames the seller's ids, never shows
 * an impossible value as data, and names Excel's own places (Home > API key, Home > Refresh).
 */
import { startOddApi, type OddApi } from "../../helpers/oddApi";
import { callInNode, nodeSession, type CallOutcome } from "./nodeExcel";

jest.setTimeout(60_000);

let odd: OddApi;
beforeAll(async () => {
  odd = await startOddApi();
});
afterAll(async () => {
  await odd?.close();
});

const KEY = "mkta_pat_faultcells000000000";
const call = (mode: string, name: string, args: unknown[]): Promise<CallOutcome> =>
  callInNode(nodeSession(odd.urlFor(mode), KEY), name, args);

/** Every message of an outcome: the cell's own, or each row's of a table. */
function messagesOf(outcome: CallOutcome): string[] {
  if (!outcome.ok) return [`${outcome.error} ${outcome.message}`];
  const rows = Array.isArray(outcome.value) ? outcome.value.flat() : [outcome.value];
  return rows.flatMap((c) =>
    typeof c === "object" && c !== null && "error" in c ? [`${c.error} ${c.message}`] : [],
  );
}

test("a batch answer whose entries lack their ids: every batched cell says the shape is unexpected", async () => {
  // Ten cells of one sheet, one item each: the session merges them into one A10 request. (A1's
  // modelId may be null, spec 2.4: test/functions/allowedShapes.test.ts reads that shape.)
  const session = nodeSession(odd.urlFor("idless"), KEY);
  const cells = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      callInNode(session, "MKTA_CORRECTED_ROAS", [100001, "SG", 10000001 + i, "correctedRoas"]),
    ),
  );
  // And one cell over a range of the ten.
  const items = Array.from({ length: 10 }, (_, i) => [10000001 + i]);
  const range = await call("idless", "MKTA_CORRECTED_ROAS", [100001, "SG", items]);
  const messages = [...cells, range].flatMap(messagesOf);
  expect(messages).toHaveLength(11);
  for (const m of messages) {
    expect(m).toMatch(
      /^#VALUE! The API answered in an unexpected shape \(endpoint A10\): an entry without its itemId: .+Check the API address in Home > API key; if it is right, tell your API provider$/,
    );
    expect(m).not.toMatch(/not found/);
  }
});

test("SHOPS with a shop id of 1e308 or a 40,000-character name: an unexpected answer, not data", async () => {
  expect(await call("hugeid", "SHOPS", [])).toEqual({
    ok: false,
    error: "#VALUE!",
    message:
      "The API answered with a value the spec does not allow (endpoint SHOPS_A): shopId is 1e+308, not an id (a whole number up to 1e12, or a text of at most 128 characters). Check the API address in Home > API key; if it is right, tell your API provider",
  });
  expect(await call("long", "SHOPS", [])).toEqual({
    ok: false,
    error: "#VALUE!",
    message:
      "The API answered with a value the spec does not allow (endpoint SHOPS_A): shopName is 40,000 characters long (a name has at most 1,000). Check the API address in Home > API key; if it is right, tell your API provider",
  });
});

test("cutjson: a 200 body that arrived whole but stops inside its JSON is malformed, not cut off", async () => {
  for (const [name, args] of [
    ["SHOPS", []],
    ["MKTA_ITEM", [100001, "SG", 10000001, "netProfit"]],
  ] as const) {
    const [message] = messagesOf(await call("cutjson", name, [...args]));
    expect(message).toMatch(
      /^#VALUE! The API's answer was malformed \(HTTP 200\): it arrived whole, but its JSON stops before its end\. Check the API address in Home > API key; if it is right, tell your API provider$/,
    );
  }
});

test("cut: a 200 body that ended early says the answer was cut off, not that the API is unreachable", async () => {
  for (const [name, args] of [
    ["SHOPS", []],
    ["MKTA_ITEM", [100001, "SG", 10000001, "netProfit"]],
  ] as const) {
    const [message] = messagesOf(await call("cut", name, [...args]));
    expect(message).toMatch(
      /^#VALUE! The API's answer was cut off before its end \(HTTP 200\): the connection dropped on the way; use Home > Refresh > Refresh cells with errors, and if it keeps happening, check the API address in Home > API key$/,
    );
  }
});

test("a JSON null body says the answer was empty", async () => {
  for (const [name, args] of [
    ["SHOPS", []],
    ["MKTA_ITEM", [100001, "SG", 10000001, "netProfit"]],
  ] as const) {
    expect(messagesOf(await call("nullbody", name, [...args]))).toEqual([
      "#VALUE! The API's answer was empty (HTTP 200, null): check the API address in Home > API key; if it is right, tell your API provider",
    ]);
  }
});

test("an answer longer than any the spec allows is refused in words, not read whole", async () => {
  for (const [name, args] of [
    ["SHOPS", []],
    ["MKTA_ITEM", [100001, "SG", 10000001, "netProfit"]],
  ] as const) {
    expect(messagesOf(await call("huge", name, [...args]))).toEqual([
      "#VALUE! The API's answer was larger than 16 MB (HTTP 200), far more than any answer of this API: check the API address in Home > API key; if it is right, tell your API provider",
    ]);
  }
});

test("a redirect is not followed (the key would go along): the cell says so", async () => {
  for (const [name, args] of [
    ["SHOPS", []],
    ["MKTA_ITEM", [100001, "SG", 10000001, "netProfit"]],
  ] as const) {
    expect(messagesOf(await call("redirect", name, [...args]))).toEqual([
      "#VALUE! The API sent the request on to another address (HTTP 307), which the add-in does not follow so your key goes nowhere else: check the API address in Home > API key (enter the address the API moved to)",
    ]);
  }
});
