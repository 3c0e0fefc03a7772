/**
 * The web host's facade slice (test/hosts/web/fakeUniver.ts) checked against the real engine:
 * Univer 0.25.1 runs in Node (its node-core preset, no page), and the same random sequences of
 * the seller-data model (actions.ts) run on both, each with its own scripted API. After every
 * action the sheet's values and its table record must be the same on both, and an action that
 * breaks the rule on one must break it the same way on the other: the 10,000 runs on the fake
 * then say what the engine would. Run as its own Node process (webEngine.test.ts): the
 * engine's ES modules do not load in Jest's CommonJS runtime. Prints one line of JSON.
 */
import fc from "fast-check";
import { createUniver, LocaleType, type FUniver } from "@univerjs/presets";
import { UniverSheetsNodeCorePreset } from "@univerjs/preset-sheets-node-core";
import enUS from "@univerjs/preset-sheets-node-core/locales/en-US";
import { sequences, startModel, type Real } from "../actions";
import { modelImport } from "../run";
import { ScriptedApi, type ModelMarketplace } from "../scriptedApi";
import { Violation, type SellerModel } from "../sellerModel";
import { installVirtualTime } from "../virtualTime";
import { webHost } from "./webHost";

/** A fresh workbook in the engine, as the page starts one (Sheet1, 1,000 x 52). */
function engineBook(api: FUniver): { getActiveWorkbook(): unknown; dispose(): void } {
  const book = api.createWorkbook({
    name: "Demo workbook",
    sheetOrder: ["sheet1"],
    sheets: { sheet1: { id: "sheet1", name: "Sheet1", rowCount: 1000, columnCount: 52 } },
  });
  return {
    getActiveWorkbook: () => book,
    dispose: () => void api.disposeUnit(book.getId()),
  };
}

/** What one action did to a side: the violation if any, then the sheet and its record. */
async function outcome(
  step: { run(m: SellerModel, r: Real): Promise<void> },
  m: SellerModel,
  r: Real,
): Promise<[string, string]> {
  let broke = "";
  try {
    await step.run(m, r);
  } catch (e) {
    broke = e instanceof Violation ? e.kind : `error: ${e instanceof Error ? e.message : e}`;
  }
  return [broke, await r.host.fingerprint(m.sheet)];
}

export interface EngineCheck {
  readonly sequences: number;
  readonly actions: number;
  /** The first difference, or null. */
  readonly difference: string | null;
}

/** Run `runs` sequences on the engine and on the slice, comparing after every action. */
export async function engineCheck(runs: number, seed: number): Promise<EngineCheck> {
  const { univer, univerAPI } = createUniver({
    locale: LocaleType.EN_US,
    locales: { [LocaleType.EN_US]: enUS },
    presets: [UniverSheetsNodeCorePreset()],
  });
  const real = installVirtualTime();
  let actions = 0;
  try {
    const samples = fc.sample(
      fc.tuple(fc.constantFrom<ModelMarketplace>("A", "B"), sequences({ daily: false })),
      { seed, numRuns: runs },
    );
    for (const [marketplace, commands] of samples) {
      const engine = engineBook(univerAPI);
      try {
        const onFake = new ScriptedApi(marketplace);
        const onEngine = new ScriptedApi(marketplace);
        const fake = await startModel(
          { host: webHost(onFake), api: onFake },
          modelImport(marketplace),
        );
        const real = await startModel(
          { host: webHost(onEngine, engine), api: onEngine },
          modelImport(marketplace),
        );
        const done: string[] = [];
        for (const step of commands) {
          done.push(step.toString());
          const a = await outcome(step, fake.model, fake.real);
          const b = await outcome(step, real.model, real.real);
          actions++;
          if (a[0] !== b[0] || a[1] !== b[1])
            return {
              sequences: runs,
              actions,
              difference: `${marketplace}: after ${done.join(", ")}\nengine: ${JSON.stringify(b)}\nslice:  ${JSON.stringify(a)}`,
            };
          if (a[0] !== "") break; // both broke the rule the same way: the models part here
        }
      } finally {
        engine.dispose();
      }
    }
  } finally {
    real();
    univer.dispose();
  }
  return { sequences: runs, actions, difference: null };
}

if (require.main === module) {
  const runs = Number(process.argv[2] ?? 40);
  const seed = Number(process.argv[3] ?? 1);
  void engineCheck(runs, seed).then(
    (result) => {
      process.stdout.write(`${JSON.stringify(result)}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      process.stdout.write(`${JSON.stringify({ error: String(error) })}\n`);
      process.exit(1);
    },
  );
}
