/**
 * The server-function wrappers of Stubs.js come from the exported objects themselves (main.ts,
 * schedulerServer.ts, sidebarServer.ts): every key gets one wrapper, and Apps Script's rules
 * about top-level names fail the build instead of a seller's click.
 */
import path from "node:path";
import { docsOf, serverDocs } from "../../../build/serverDocs";
import { FILL_LATER, FILL_ON_EDIT } from "../../../src/hosts/sheets/fill/fillTrigger";
import { DAILY_REFRESH_HANDLER } from "../../../src/hosts/sheets/refresh/dailyRefresh";
import { SERVER_GROUPS, serverWrappers, stubsFile } from "../../../src/hosts/sheets/stubs";

const noop = (): void => undefined;
const declared = (stubs: string) =>
  [...stubs.matchAll(/^function (\w+)\(([^)]*)\) \{$/gm)].map((m) => [m[1], m[2]]);

test("one wrapper per exported server function, forwarding to the object it came from", () => {
  const stubs = stubsFile([]);
  const names = SERVER_GROUPS.flatMap((g) => Object.keys(g.functions));
  expect(names.length).toBeGreaterThan(40);
  expect(declared(stubs).map(([name]) => name)).toEqual(names);
  for (const { owner, functions } of SERVER_GROUPS)
    for (const name of Object.keys(functions))
      expect(stubs).toContain(`MKTA_ADDIN.${owner}.${name}(`);
  // Triggers Apps Script runs by name: the handlers the add-on installs are declared too.
  for (const handler of [FILL_ON_EDIT, FILL_LATER, DAILY_REFRESH_HANDLER, "onOpen", "onInstall"])
    expect(names).toContain(handler);
});

test("simple triggers keep their event parameter; every other wrapper passes all arguments", () => {
  const params = new Map(declared(stubsFile([])).map(([n, p]) => [n, p]));
  expect(params.get("onOpen")).toBe("e");
  expect(params.get("onInstall")).toBe("e");
  expect(params.get("saveApiKey")).toBe("...args");
  expect(params.get("sidebarJobAnswer")).toBe("...args");
  expect(stubsFile([])).toContain("return MKTA_ADDIN.MENU_SERVER_FUNCTIONS.onOpen(e);");
});

test("a name ending in _ or declared twice fails the build", () => {
  const group = (functions: Record<string, () => void>) => ({
    owner: "X",
    source: "x.ts",
    functions,
  });
  expect(() => serverWrappers([group({ hidden_: noop })])).toThrow(/ending in _/);
  expect(() => serverWrappers([group({ onOpen: noop }), group({ onOpen: noop })])).toThrow(
    /share this name/,
  );
  expect(serverWrappers([group({ a: noop, b: noop })])).toHaveLength(2);
});

test("each menu and scheduler wrapper carries the doc written beside its function", () => {
  const docs = serverDocs(path.resolve(__dirname, "../../.."));
  const stubs = stubsFile([], docs);
  for (const { source, functions } of SERVER_GROUPS.slice(0, 2))
    for (const name of Object.keys(functions)) {
      const doc = docs.get(source)?.get(name);
      expect([name, typeof doc]).toEqual([name, "string"]);
      expect(stubs).toContain(
        `${doc?.replace(/\s+/g, " ")} (src/hosts/sheets/${source}) */\nfunction ${name}(`,
      );
    }
});

test("docs are read from functions, consts and object members; a closing */ cannot end the stub's comment", () => {
  const docs = docsOf(
    "x.ts",
    [
      "/** Menu: one. */\nfunction one() {}",
      "/** Two,\n * over two lines. */\nconst two = () => 2;",
      "const o = {\n  /** Three. */\n  three() {},\n};",
      "function bare() {}",
    ].join("\n"),
  );
  expect(Object.fromEntries(docs)).toEqual({
    one: "Menu: one.",
    two: "Two,\nover two lines.",
    three: "Three.",
  });
  const group = { owner: "X", source: "x.ts", functions: { one: noop } };
  const [wrapper] = serverWrappers([group], new Map([["x.ts", new Map([["one", "a */ b"]])]]));
  expect(wrapper).toBe(
    "/** a * / b (src/hosts/sheets/x.ts) */\nfunction one(...args) {\n  return MKTA_ADDIN.X.one(...args);\n}",
  );
});
