/**
 * The app's host-free pieces: key form checks and prefix, formula text from the builder,
 * and the Sheets sidebar bridge driving an import job one step a server call (written only
 * when done; nothing on a failure or cancel) over google.script.run into the real service.
 */
import type { ApiCall } from "../../src/core/effects";
import { ApiError, messageOf } from "../../src/core/errors";
import { DEFAULT_BASIS } from "../../src/functions/basis";
import type { ImportDefinition } from "../../src/imports/definitions";
import type { ImportTable } from "../../src/imports/table";
import { memoryJobs } from "../../src/sidebar/jobs/memoryJobs";
import { NO_TABLES, memoryStage } from "../../src/sidebar/memoryStage";
import { asyncService } from "../../src/sidebar/op";
import { createSidebarService } from "../../src/sidebar/service";
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

  /**
   * google.script.run over the real sidebar service in memory (its job steps, the import's
   * stage and checkpoint), the API scripted: pages of 500 from a 1,200-row list; optionally a
   * page the API refuses for good.
   */
  function server(failPage?: number) {
    const log: string[] = [];
    const pages: number[] = [];
    const tables: ImportTable[] = [];
    const none = { read: () => null, write: () => undefined };
    const service = asyncService(
      createSidebarService({
        api: {
          run: (program) => {
            let step = program.next();
            while (!step.done) {
              const c = step.value as ApiCall;
              const page = Number(c.params.page);
              pages.push(page);
              if (page === failPage) {
                step = program.throw(new ApiError("NOT_FOUND", "No such shop"));
                continue;
              }
              const entries = Array.from({ length: Math.min(500, 1200 - page * 500) }, (_, i) => ({
                itemId: page * 500 + i,
              }));
              step = program.next({ entries, totalPages: 3, dataFreshAt: null });
            }
            return step.value;
          },
          answer: () => {
            throw new Error("no functions here");
          },
          explain: messageOf,
        },
        savedImports: none,
        typedShops: none,
        importedSheets: none,
        stage: memoryStage({
          writeTable: async (_name, table) => void tables.push(table),
          dataIn: async () => null,
          sheetNames: async () => [],
        }),
        tables: NO_TABLES,
        jobs: memoryJobs(),
        stamp: (iso) => ({ when: iso, who: "test" }),
        basis: () => DEFAULT_BASIS,
        now: () => Date.now(),
        moreTime: () => true,
      }) as never,
    ) as unknown as Record<string, (...args: unknown[]) => unknown>;
    const call: ServerCall = async (name: string, ...args: unknown[]) => {
      log.push(name);
      const fn = service[name.replace(/^sidebar(.)/, (_m, c: string) => c.toLowerCase())];
      if (!fn) throw new Error(`no server function ${name}`);
      return fn(...args);
    };
    return { call, log, pages, tables };
  }

  test("an import is a job: one step a server call, the table written once when done", async () => {
    const s = server();
    const views: string[] = [];
    const result = await createGoogleScriptBridge(s.call).runImport(def, {
      onProgress: (v) => views.push(v.doing),
    });
    expect(result.rows).toBe(1200);
    expect(s.pages).toEqual([0, 1, 2]);
    expect(s.tables).toHaveLength(1);
    expect(s.log[0]).toBe("sidebarJobStart");
    expect(new Set(s.log.slice(1))).toEqual(new Set(["sidebarJobStep"]));
    expect(views).toContain("asking page 3 of 3 (1,000 rows staged)");
  });

  test("a page the API refuses ends the job and never commits", async () => {
    const s = server(1);
    await expect(createGoogleScriptBridge(s.call).runImport(def)).rejects.toThrow(
      /Import stopped at page 2: No such shop/,
    );
    expect(s.tables).toHaveLength(0);
  });

  test("cancel stops it between steps", async () => {
    const s = server();
    const controller = new AbortController();
    const bridge = createGoogleScriptBridge(s.call);
    await expect(
      bridge.runImport(def, {
        signal: controller.signal,
        onProgress: (v) => void (v.steps === 1 && controller.abort()),
      }),
    ).rejects.toThrow(/^Cancelled/);
    expect(s.pages).toEqual([0, 1]);
    expect(s.tables).toHaveLength(0);
    expect(s.log[s.log.length - 1]).toBe("sidebarJobCancel");
  });
});
