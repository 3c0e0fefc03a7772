/**
 * The server-function wrappers of Stubs.js come from the exported objects themselves (main.ts,
 * schedulerServer.ts, sidebarServer.ts): every key gets one wrapper, and Apps Script's rules
 * about top-level names fail the build instead of a seller's click.
 */
import { FILL_LATER, FILL_ON_EDIT } from "../../../src/hosts/sheets/fillTrigger";
import { DAILY_REFRESH_HANDLER } from "../../../src/hosts/sheets/dailyRefresh";
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
  expect(params.get("sidebarImportCommit")).toBe("...args");
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
