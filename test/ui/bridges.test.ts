/**
 * The app's host-free pieces: key form checks and prefix, formula text from the builder,
 * and the Sheets sidebar bridge driving an import page by page (commit only when done;
 * abort on failure or cancel) over a scripted google.script.run.
 */
import type { ImportDefinition } from "../../src/imports/definitions";
import type { ImportState } from "../../src/imports/plan";
import { readStep } from "../../src/imports/plan";
import {
  createGoogleScriptBridge,
  type ServerCall,
} from "../../src/hosts/sheets/sidebar/sidebarBridge";
import { formulaText, argumentValue } from "../../src/ui/formulaText";
import {
  NEW_KEY_ADVICE,
  REJECTED_KEY_MESSAGE,
  keyFormProblem,
  keyPrefixOf,
} from "../../src/ui/keyForm";
import { functionByName } from "../../src/functions/index";

const KEY = "mkta_pat_" + "Ab3".repeat(14);

describe("key form", () => {
  test.each([
    ["", /Paste/],
    ["hello", /prefix ending in pat_/],
    ["mkta_pat_ abc", /spaces/],
    ["mkta_pat_short", /incomplete/],
  ])("%j is refused", (text, message) => {
    expect(keyFormProblem(text)).toMatch(message);
  });
  test("a real-looking key passes; only its prefix is shown", () => {
    expect(keyFormProblem(`  ${KEY}\n`.trim())).toBeNull();
    expect(keyPrefixOf(KEY)).toBe("mkta_pat_Ab3A…");
    expect(REJECTED_KEY_MESSAGE).toContain(NEW_KEY_ADVICE);
    expect(NEW_KEY_ADVICE).toBe(
      "create a new key in Settings → API keys in your Marketplace Profit Analytics web application",
    );
  });
});

describe("formula text", () => {
  test("numbers and percents bare, text quoted, trailing empties dropped, Excel prefix", () => {
    const fn = functionByName("REQUIRED_PRICE");
    expect(fn).toBeDefined();
    if (!fn) return;
    const args = ["B", "", "TH", "12", "150", "25%", 'say "hi"'];
    expect(formulaText("", fn.name, fn.params, args)).toBe(
      '=REQUIRED_PRICE("B", , "TH", 12, 150, 25%, "say ""hi""")',
    );
    expect(formulaText("MKT.", fn.name, fn.params, ["B"])).toBe('=MKT.REQUIRED_PRICE("B")');
    expect(argumentValue(fn.params[5] ?? fn.params[0]!, "25%")).toBeCloseTo(0.25);
  });
});

describe("Sheets sidebar bridge", () => {
  const def: ImportDefinition = {
    id: "d",
    kind: "productsByProfit",
    marketplace: "A",
    shopId: "1",
    region: "SG",
    sheetName: "P",
  };

  /** A scripted server: pages of 500 from a 1,200-row list; optionally fails a page. */
  function server(failPage?: number) {
    const log: string[] = [];
    const call: ServerCall = async <T>(name: string, ...args: unknown[]): Promise<T> => {
      log.push(name);
      if (name === "sidebarImportBegin") {
        return {
          token: "tok123",
          state: {
            endpointIndex: 0,
            page: 0,
            cursor: null,
            pagesDone: 0,
            totalPages: null,
            rowsSoFar: 0,
            columns: null,
            dataFreshAt: null,
            done: false,
          },
          target: { sheetName: "P", othersData: null, newSheetName: "P 2" },
        } as T;
      }
      if (name === "sidebarImportPage") {
        const state = args[2] as ImportState;
        if (state.page === failPage) throw new Error("Could not reach the API");
        const rows = Array.from({ length: Math.min(500, 1200 - state.page * 500) }, (_, i) => ({
          itemId: state.page * 500 + i,
        }));
        return {
          state: readStep(def, state, { entries: rows, totalPages: 3, dataFreshAt: null }).state,
        } as T;
      }
      if (name === "sidebarImportCommit")
        return {
          sheetName: "P",
          rows: (args[2] as ImportState).rowsSoFar,
          dataFreshAt: null,
          importedAt: "x",
        } as T;
      return { ok: true } as T;
    };
    return { call, log };
  }

  test("pages until done, then commits once", async () => {
    const s = server();
    const texts: string[] = [];
    const result = await createGoogleScriptBridge(s.call).runImport(def, {
      onProgress: (p) => texts.push(p.text),
    });
    expect(result.rows).toBe(1200);
    expect(s.log).toEqual([
      "sidebarImportBegin",
      "sidebarImportPage",
      "sidebarImportPage",
      "sidebarImportPage",
      "sidebarImportCommit",
    ]);
    expect(texts).toContain("page 2 of 3, 1,000 rows");
  });

  test("a failed page aborts the staging and never commits", async () => {
    const s = server(1);
    await expect(createGoogleScriptBridge(s.call).runImport(def)).rejects.toThrow(
      /Import stopped at page 2: Could not reach the API/,
    );
    expect(s.log).toContain("sidebarImportAbort");
    expect(s.log).not.toContain("sidebarImportCommit");
  });

  test("cancel aborts between pages", async () => {
    const s = server();
    const controller = new AbortController();
    const bridge = createGoogleScriptBridge(s.call);
    await expect(
      bridge.runImport(def, { signal: controller.signal, onProgress: () => controller.abort() }),
    ).rejects.toThrow(/cancelled/);
    expect(s.log.filter((n) => n === "sidebarImportPage")).toHaveLength(1);
    expect(s.log[s.log.length - 1]).toBe("sidebarImportAbort");
  });
});
