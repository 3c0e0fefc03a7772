/**
 * Every message that sends the seller somewhere names the place exactly in the host showing
 * it (issue 24 item 2). Core messages say generic words ("from the add-in's menu or pane",
 * "the base URL in Settings"); each host swaps them at its edge. This reads every string in
 * src and proves: no host file says a generic place, and every core string with one comes out
 * of each host's table naming that host's menu.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { AUTH_MESSAGE } from "../../src/core/response";
import { noKeyError, toApiError } from "../../src/core/errors";
import { hasGenericPlace, inPlaces, KEY_PAGE, type HostPlaces } from "../../src/core/places";
import { EXCEL_PLACES, WEB_PLACES, withPlaces } from "../../src/hosts/shared/places";
import { SHEETS_PLACES } from "../../src/hosts/sheets/places";
import { messageOf as sheetsMessageOf } from "../../src/hosts/sheets/cells/session";
import type { HostBridge } from "../../src/ui/bridge";

const SRC = path.resolve(__dirname, "..", "..", "src");
const HOSTS: ReadonlyArray<[string, HostPlaces]> = [
  ["sheets", SHEETS_PLACES],
  ["excel", EXCEL_PLACES],
  ["web", WEB_PLACES],
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "server" ? [] : files(file);
    return file.endsWith(".ts") ? [file] : [];
  });
}

/** String and template literals of a file (good enough for messages: no nesting needed). */
function literals(file: string): string[] {
  const text = readFileSync(file, "utf8").replace(/^\s*(\/\/|\*|\/\*).*$/gm, "");
  return [...text.matchAll(/"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)].map(
    (m) => m[1] ?? m[2] ?? "",
  );
}

const all = files(SRC).map((file) => ({ file: path.relative(SRC, file), strings: literals(file) }));

test("core, functions, imports and sidebar messages with a generic place come out exact in every host", () => {
  const generic = all
    .filter((f) => !f.file.startsWith("hosts") && !f.file.startsWith("ui"))
    .flatMap((f) => f.strings.filter(hasGenericPlace));
  expect(generic.length).toBeGreaterThanOrEqual(8);
  for (const [host, places] of HOSTS) {
    for (const text of generic) {
      const shown = inPlaces(text, places);
      expect({ host, shown, generic: hasGenericPlace(shown) }).toEqual({
        host,
        shown,
        generic: false,
      });
    }
  }
});

test("no host and no sidebar text says a generic place", () => {
  const left = all
    .filter((f) => f.file.startsWith("hosts") || f.file.startsWith("ui"))
    .flatMap((f) => f.strings.filter(hasGenericPlace).map((s) => `${f.file}: ${s}`));
  expect(left).toEqual([]);
});

test("each host's words: the key rejected, no key, the API unreachable", () => {
  expect(inPlaces(AUTH_MESSAGE, EXCEL_PLACES)).toBe(
    `API key rejected (invalid, revoked or expired): create a new key in ${KEY_PAGE} and paste it in Home > API key`,
  );
  expect(inPlaces(noKeyError().message, WEB_PLACES)).toContain(
    "paste your key in API key and settings in the pane",
  );
  const unreachable = sheetsMessageOf(toApiError(new Error("ECONNRESET")), null);
  expect(unreachable).toContain("API address in Extensions > Marketplace Profit > Settings");
  expect(unreachable).toContain("use Extensions > Marketplace Profit > Refresh cells with errors");
});

test("a bridge's refusals and answers name the host's places; other texts pass untouched", async () => {
  const inner = {
    host: "excel",
    saveApiKey: () => Promise.reject(new Error(AUTH_MESSAGE)),
    getSettings: () =>
      Promise.resolve({ keyStatus: { message: "check the base URL in Settings" }, n: 3 }),
    forgetApiKey: () => Promise.reject(new Error("Settings are stored per user")),
  } as unknown as HostBridge;
  const bridge = withPlaces(inner, EXCEL_PLACES);
  expect(bridge.host).toBe("excel");
  await expect(bridge.saveApiKey("x")).rejects.toThrow(/paste it in Home > API key$/);
  await expect(bridge.getSettings()).resolves.toEqual({
    keyStatus: { message: "check the API address in Home > API key" },
    n: 3,
  });
  await expect(bridge.forgetApiKey()).rejects.toThrow(/^Settings are stored per user$/);
});

test("a job's progress and its cost question, told through callbacks, name the host's places too", async () => {
  // New user, web demo: the API stopped mid-job and the pane said "check your connection and
  // the base URL in Settings" (no such place in the pane) while cells said the exact place.
  const seen: unknown[] = [];
  const asked: string[] = [];
  const inner = {
    host: "web",
    jobs: {
      resume: async (
        id: string,
        options: {
          onProgress?: (v: unknown) => void;
          confirm?: (q: string, a: unknown) => Promise<boolean>;
          signal?: AbortSignal;
        },
      ) => {
        options.onProgress?.({
          id,
          step: "waiting (Could not reach the API at x: check your connection and the base URL in Settings)",
          n: 2,
        });
        expect(options.signal).toBeInstanceOf(AbortSignal);
        return options.confirm?.(
          "Paused: refresh the cells with errors from the add-in's menu or pane?",
          {
            yes: "Go",
          },
        );
      },
    },
  } as unknown as HostBridge;
  const bridge = withPlaces(inner, WEB_PLACES) as unknown as typeof inner;
  const signal = new AbortController().signal;
  await bridge.jobs.resume("j1", {
    onProgress: (v) => seen.push(v),
    confirm: (q) => (asked.push(q), Promise.resolve(true)),
    signal,
  });
  expect(seen).toEqual([
    {
      id: "j1",
      step: "waiting (Could not reach the API at x: check your connection and the API address in API key and settings in the pane)",
      n: 2,
    },
  ]);
  expect(asked).toEqual(["Paused: press Cells with errors under Refresh (API key and settings)?"]);
});
