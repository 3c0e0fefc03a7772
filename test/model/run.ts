/**
 * Running the seller-data model: one property per host (fast-check's asyncModelRun over the
 * actions of actions.ts, seeded, bounded in time) and the census of violations by kind that
 * issue 33 reports (every sequence run to its first violation, counted by kind).
 */
import fc from "fast-check";
import type { ImportDefinition } from "../../src/imports/definitions";
import { sequences, startModel, type Real } from "./actions";
import type { ModelHost } from "./host";
import { MODEL_SHOP, ScriptedApi, type ModelMarketplace } from "./scriptedApi";
import { Violation, type SellerModel, type ViolationKind } from "./sellerModel";

/** The saved import every sequence starts from, for marketplace A or B. */
export function modelImport(marketplace: ModelMarketplace): ImportDefinition {
  const shop = MODEL_SHOP[marketplace];
  return {
    id: "model",
    kind: "productsByProfit",
    marketplace,
    shopId: String(shop.shopId),
    region: shop.region,
    sheetName: "Top products",
  };
}

export type HostMaker = (api: ScriptedApi) => ModelHost;

type Started = { model: SellerModel; real: Real };

/**
 * Each sequence's start: the first import of marketplace A's or B's table, made once per host
 * maker and copied for every sequence (the host's fork), or made again where it has none.
 */
function starts(make: HostMaker) {
  const made = new Map<ModelMarketplace, Promise<Started>>();
  return async (marketplace: ModelMarketplace): Promise<Started> => {
    const api = new ScriptedApi(marketplace);
    let first = made.get(marketplace);
    if (!first) {
      const template = make(new ScriptedApi(marketplace));
      first = startModel(
        { host: template, api: new ScriptedApi(marketplace) },
        modelImport(marketplace),
      );
      if (template.fork) made.set(marketplace, first);
      else return startModel({ host: template, api }, modelImport(marketplace));
    }
    const { model, real } = await first;
    const host = real.host.fork?.(api) ?? make(api);
    return { model: structuredClone(model), real: { host, api } };
  };
}

/** The property: any sequence, on a table of marketplace A or B, keeps the rule. */
export function sellerDataProperty(make: HostMaker, options: { daily: boolean }) {
  const start = starts(make);
  return fc.asyncProperty(
    fc.constantFrom<ModelMarketplace>("A", "B"),
    sequences(options),
    async (marketplace, commands) => {
      const started = await start(marketplace);
      try {
        await fc.asyncModelRun(() => started, commands);
      } finally {
        await started.real.host.close?.();
      }
    },
  );
}

/** Today's seed (UTC day): CI runs new sequences each day, and a failure names its seed. */
export function seedOfToday(now = new Date()): number {
  const day = now.toISOString().slice(0, 10);
  return Number(day.replace(/-/g, "")); // 20261127
}

export interface Census {
  readonly runs: number;
  readonly failed: number;
  readonly byKind: Partial<Record<ViolationKind | "other", number>>;
  readonly firstOf: Partial<Record<ViolationKind | "other", string>>;
  readonly ms: number;
}

/**
 * Run `runs` sequences (no shrinking) and count, by kind, the sequences whose first violation
 * was of that kind; with the first sequence seen of each kind.
 */
export async function census(
  make: HostMaker,
  options: { daily: boolean; runs: number; seed: number },
): Promise<Census> {
  const started = performance.now();
  const byKind: Census["byKind"] = {};
  const firstOf: Census["firstOf"] = {};
  let failed = 0;
  const samples = fc.sample(
    fc.tuple(fc.constantFrom<ModelMarketplace>("A", "B"), sequences(options)),
    { seed: options.seed, numRuns: options.runs },
  );
  const start = starts(make);
  for (const [marketplace, commands] of samples) {
    const started = await start(marketplace);
    const done: string[] = [];
    const traced = [...commands].map((c) => ({
      check: c.check.bind(c),
      run: async (m: Parameters<typeof c.run>[0], r: Parameters<typeof c.run>[1]) => {
        done.push(c.toString());
        await c.run(m, r);
      },
      toString: () => c.toString(),
    }));
    try {
      await fc.asyncModelRun(() => started, traced);
    } catch (e) {
      failed++;
      const kind = e instanceof Violation ? e.kind : "other";
      byKind[kind] = (byKind[kind] ?? 0) + 1;
      firstOf[kind] ??=
        `${marketplace}: ${done.join(", ")}\n  ${e instanceof Error ? e.message : String(e)}`;
    } finally {
      await started.real.host.close?.();
    }
  }
  return { runs: options.runs, failed, byKind, firstOf, ms: performance.now() - started };
}
