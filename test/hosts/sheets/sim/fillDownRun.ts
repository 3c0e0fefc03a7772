/**
 * The fill-down a seller makes (issue 10): ids in column A (and model ids in B), one formula
 * in column C filled down over every row, each cell its own execution; then nothing but time.
 * Reports what the server counted and what every cell ever showed.
 */
import { parseBox } from "./a1";
import { demoItems, demoModels } from "./demoItems";
import { OWNER, type SheetsSim } from "./sheetsSim";

export interface FillDownOptions {
  readonly level: "item" | "model";
  readonly count: number;
  /** The function to fill down (default MKTA_BREAKDOWN; the naive client's NAIVE_NET_PROFIT). */
  readonly fn?: string;
  /** Simulated time to wait for every cell to show a number. */
  readonly maxMs: number;
  /** Who types the ids and fills the formula down (default the owner). */
  readonly by?: string;
}

export interface FillDownOutcome {
  readonly cells: number;
  /** Cells showing a number at the end, with no action from the seller. */
  readonly answered: number;
  /** API requests the server received, and how many it refused with 429. */
  readonly requests: number;
  readonly refused: number;
  /** The most requests the server saw in any rolling minute. */
  readonly maxPerMinute: number;
  /** Simulated minutes from the fill-down to the last cell's number (or to the end). */
  readonly minutes: number;
  /** Simulated minutes from the fill-down to the last change any cell showed. */
  readonly settledMinutes: number;
  /** Every distinct text a cell showed on its way (waiting texts, errors). */
  readonly texts: readonly string[];
  /** The longest custom-function execution (Sheets stops one at 30 s). */
  readonly longestCellMs: number;
}

export async function fillDown(sim: SheetsSim, o: FillDownOptions): Promise<FillDownOutcome> {
  const fn = o.fn ?? "MKTA_BREAKDOWN";
  const by = o.by ?? OWNER;
  const last = o.count + 1;
  let formula: string;
  if (o.level === "item") {
    const { shop, items } = demoItems(o.count);
    sim.edit(
      by,
      `A2:A${last}`,
      items.map((id) => [id]),
    );
    formula = `=${fn}(${shop.shopId}, "${shop.region}", A2, , "netProfit")`;
    if (fn !== "MKTA_BREAKDOWN") formula = `=${fn}(${shop.shopId}, "${shop.region}", A2)`;
  } else {
    const { shop, cells } = demoModels(o.count);
    sim.edit(
      by,
      `A2:B${last}`,
      cells.map((c) => [c.itemId, c.modelId]),
    );
    formula = `=${fn}(${shop.shopId}, "${shop.region}", A2, B2, "netProfit")`;
    if (fn !== "MKTA_BREAKDOWN") formula = `=${fn}(${shop.shopId}, "${shop.region}", A2, B2)`;
  }
  const before = sim.requests().length;
  const start = sim.now();
  sim.fillDown(by, `C2:C${last}`, formula);
  const numbers = (): number =>
    sim
      .values(`C2:C${last}`)
      .flat()
      .filter((v) => typeof v === "number").length;
  await sim.run({
    until: () => numbers() === o.count && sim.coordinator.busy() === 0,
    maxMs: o.maxMs,
  });
  const requests = sim.requests().slice(before);
  const texts = new Set<string>();
  let lastNumberAt = start;
  let lastChangeAt = start;
  for (const [, history] of sim.histories())
    for (const h of history) {
      lastChangeAt = Math.max(lastChangeAt, h.at);
      if (typeof h.shown === "number") lastNumberAt = Math.max(lastNumberAt, h.at);
      else if (h.shown !== "Loading...") texts.add(String(h.shown));
    }
  const answered = numbers();
  return {
    cells: o.count,
    answered,
    requests: requests.length,
    refused: requests.filter((r) => r.status === 429).length,
    maxPerMinute: sim.maxInWindow(60_000),
    minutes: ((answered === o.count ? lastNumberAt : sim.now()) - start) / 60_000,
    settledMinutes: (lastChangeAt - start) / 60_000,
    texts: [...texts],
    longestCellMs: Math.max(
      0,
      ...sim.coordinator.executions.filter((e) => e.kind === "custom").map((e) => e.end - e.start),
    ),
  };
}

/** What each cell of a block shows (errors as "#CODE message"). */
function shownIn(sim: SheetsSim, block: string): unknown[] {
  const box = parseBox(block, sim.doc.book.sheets[0]?.name ?? "Sheet1");
  return sim.doc.book.grid(box, (row, col) => sim.doc.book.shown(box.sheet, row, col)).flat();
}

/**
 * Wait until every cell of the listed blocks shows an answer (a number unless `answer` says
 * otherwise); the outcome since `start`, over every formula cell of the book.
 */
export async function settle(
  sim: SheetsSim,
  blocks: readonly string[],
  start: number,
  requestsBefore: number,
  maxMs: number,
  answer: (shown: unknown) => boolean = (v) => typeof v === "number",
): Promise<FillDownOutcome> {
  const cells = (): unknown[] => blocks.flatMap((b) => shownIn(sim, b));
  const count = cells().length;
  const numbers = (): number => cells().filter(answer).length;
  await sim.run({ until: () => numbers() === count && sim.coordinator.busy() === 0, maxMs });
  const requests = sim.requests().slice(requestsBefore);
  const texts = new Set<string>();
  let lastNumberAt = start;
  let lastChangeAt = start;
  for (const [, history] of sim.histories())
    for (const h of history) {
      if (h.at < start) continue;
      lastChangeAt = Math.max(lastChangeAt, h.at);
      if (answer(h.shown)) lastNumberAt = Math.max(lastNumberAt, h.at);
      else if (h.shown !== "Loading...") texts.add(String(h.shown));
    }
  const answered = numbers();
  return {
    cells: count,
    answered,
    requests: requests.length,
    refused: requests.filter((r) => r.status === 429).length,
    maxPerMinute: sim.maxInWindow(60_000),
    minutes: ((answered === count ? lastNumberAt : sim.now()) - start) / 60_000,
    settledMinutes: (lastChangeAt - start) / 60_000,
    texts: [...texts],
    longestCellMs: Math.max(
      0,
      ...sim.coordinator.executions
        .filter((e) => e.kind === "custom" && e.start >= start)
        .map((e) => e.end - e.start),
    ),
  };
}
