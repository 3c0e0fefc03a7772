/**
 * The team cost book in imports (issue 34 item 5), host-neutral, over real HTTP: an import job
 * (the one every host runs) at a server whose today is before a new cost's date counts the old
 * cost, at one after it the new; its profit is the what-if's (A5, B5) asked with that cost, so
 * an import, a pricing sheet and a cell agree; rows on an inferred or missing cost say so in
 * their "COGS from" cell, and the stamp says "COGS from the team cost book".
 */
import type { Cell } from "../../src/functions/cells";
import type { ImportDefinition } from "../../src/imports/definitions";
import type { StagedTable } from "../../src/sidebar/ports";
import {
  cellsCostBook,
  costBookForCells,
  COST_BOOK_SHEET,
  newCostBook,
  setCostBookForCells,
} from "../../src/sidebar/costBookSheet";
import { cellBookReader } from "../../src/hosts/shared/cellBook";
import { memoryPorts, runMemoryJob } from "../helpers/memoryPorts";
import { rawPost } from "../helpers/pricingScenario";
import { startTestServer, type TestServer } from "../helpers/server";
import { functionEnv } from "../helpers/functionEnv";
import { runAsync } from "../../src/core/asyncDriver";
import { readCostBook } from "../../src/core/costBook";
import { DEFAULT_BASIS } from "../../src/functions/basis";
import type { CellInput } from "../../src/functions/cells";
import { MKTA_BREAKDOWN } from "../../src/functions/catalog/mktaBreakdown";

jest.setTimeout(120_000);
let before: TestServer;
let after: TestServer;
beforeAll(async () => {
  before = await startTestServer({ today: "2025-06-30", hostileNames: false });
  after = await startTestServer({ today: "2025-07-20", hostileNames: false });
});
afterAll(async () => {
  await before.close();
  await after.close();
});

type Json = Record<string, unknown>;
const P_A = "/api/mkt-a/financial-breakdown";
const P_B = "/api/mkt-b/financial-breakdown/partner";

/** Memory ports whose stage keeps an import's pages and commits them as a sheet with its stamp. */
function importPorts(server: TestServer) {
  const m = memoryPorts(server);
  const staged = new Map<string, Cell[][]>();
  const stamps = new Map<string, string>();
  const ports = {
    ...m.ports,
    stage: {
      ...m.ports.stage,
      append(token: string, page: { header: Cell[] | null; rows: Cell[][]; rowsBefore: number }) {
        const grid = staged.get(token) ?? [];
        if (page.header) grid[0] = page.header;
        page.rows.forEach((r, i) => (grid[1 + page.rowsBefore + i] = r));
        staged.set(token, grid);
      },
      commit(token: string, sheetName: string, table: StagedTable) {
        m.book.sheets.set(sheetName, staged.get(token) ?? []);
        stamps.set(sheetName, table.title);
      },
      rows: (token: string) => (staged.get(token) ?? []).slice(1),
    },
    // A refresh merges into the sheet and replaces its note.
    tables: {
      ...m.ports.tables,
      note: (sheetName: string, table: StagedTable) => void stamps.set(sheetName, table.title),
    },
  };
  return { ...m, ports, stamps };
}

const importDef = (over: Partial<ImportDefinition>): ImportDefinition => ({
  id: "t",
  kind: "allProducts",
  marketplace: "A",
  shopId: "100001",
  region: "SG",
  sheetName: "Products",
  options: { limit: 30 },
  ...over,
});

/** The sheet's rows by header. */
function table(grid: readonly (readonly Cell[])[]) {
  const header = (grid[0] ?? []).map(String);
  const at = (h: string): number => {
    const i = header.indexOf(h);
    if (i < 0) throw new Error(`no column ${h} in ${header.join(", ")}`);
    return i;
  };
  return { header, at, rows: grid.slice(1) };
}

test("an A import counts the book's old cost before its date and the new one after; the profit moves by the cost's difference, as A5's does", async () => {
  for (const [server, cost, from] of [
    [before, 3, "2025-01-01"],
    [after, 4.5, "2025-07-15"],
  ] as const) {
    const { ports, run, book, stamps } = importPorts(server);
    const key = server.keyFor("demo");
    await run(newCostBook(ports));
    const list = (await rawPost(server, key, `${P_A}/products/100001/SG`, {
      pageSize: 30,
      includeVat: true,
      lookbackDays: 180,
    })) as {
      data: Json[];
    };
    const booked = list.data.slice(0, 2).map((e) => Number(e.itemId));
    book.sheets.get(COST_BOOK_SHEET)?.push(
      ...booked.flatMap((id): Cell[][] => [
        ["A", id, "", 3, "2025-01-01", "supplier quote"],
        ["A", id, "", 4.5, "2025-07-15", "new supplier"],
      ]),
    );
    await runMemoryJob(ports, "import", { def: importDef({}) });
    const t = table(book.sheets.get("Products") ?? []);
    const rowOf = (id: number) => t.rows.find((r) => r[t.at("Item id")] === id) ?? [];
    for (const id of booked) {
      const row = rowOf(id);
      expect(row[t.at("COGS from")]).toBe(`Cost book, from ${from}`);
      expect(row[t.at("Product cost (COGS) (per unit)")]).toBe(-cost);
      // The API's list row moved by (its COGS - the book's cost) ...
      const api = list.data.find((e) => Number(e.itemId) === id) ?? {};
      const apiCogs = -Number(((api.breakdown as Json).manufacturingCogs as Json).amount);
      const apiProfit = Number((api.metadata as Json).netProfit);
      expect(row[t.at("Net profit (per unit)")]).toBeCloseTo(apiProfit + apiCogs - cost, 2);
      expect(row[t.at("Total profit")]).toBeCloseTo(
        (apiProfit + apiCogs - cost) * Number(api.unitsSold),
        2,
      );
      // ... as the API's what-if moves when asked with the book's cost (A5 prices the item at
      // its current price, not A7's sales: its own profit with and without the cost).
      const a5 = async (body: Json) =>
        (await rawPost(server, key, `${P_A}/simulate`, {
          shopId: 100001,
          region: "SG",
          itemId: id,
          ...body,
        })) as { breakdown: Json; metadata: Json };
      const [own, atBook] = [await a5({}), await a5({ manufacturingCogs: cost })];
      const ownCogs = -Number((own.breakdown.manufacturingCogs as Json).amount);
      expect(Number(atBook.metadata.netProfit)).toBeCloseTo(
        Number(own.metadata.netProfit) + ownCogs - cost,
        2,
      );
      expect(atBook.metadata.cogsSource).toBe("explicit");
    }
    // The others say where their cost came from; an inferred one asks for the real cost.
    const notes = t.rows.map((r) => String(r[t.at("COGS from")]));
    expect(notes.filter((n) => n.startsWith("Cost book")).length).toBe(2);
    expect(notes.some((n) => n === "Inferred: add the real cost to the Cost book")).toBe(true);
    const guessed = notes.filter((n) => /^(Inferred|Missing)/.test(n)).length;
    const stamp = stamps.get("Products") ?? "";
    expect(stamp).toContain("COGS from the team cost book for 2 rows");
    expect(stamp).toContain(`${guessed} rows rest on an inferred or missing cost`);
  }
});

test("a B SKU import takes the SKU's own cost; without a book nothing changes but the marks", async () => {
  const { ports, run, book, stamps } = importPorts(before);
  const key = before.keyFor("demo");
  const b8 = (await rawPost(
    before,
    key,
    `${P_B}/sku-breakdowns/all/500001/MY`,
    {},
  )) as unknown as Json[];
  const def = importDef({
    kind: "allSkus",
    marketplace: "B",
    shopId: "500001",
    region: "MY",
    sheetName: "SKUs",
    options: {},
  });
  await runMemoryJob(ports, "import", { def });
  const plain = table(book.sheets.get("SKUs") ?? []);
  const sku = b8[0] ?? {};
  const rowOf = (t: ReturnType<typeof table>) =>
    t.rows.find((r) => r[t.at("SKU id")] === sku.skuId) ?? [];
  expect(rowOf(plain)[plain.at("Net profit (per unit)")]).toBe((sku.metadata as Json).netProfit);
  expect(stamps.get("SKUs")).not.toContain("team cost book");
  const sources = b8.map((s) => (s.metadata as Json).cogsSource);
  expect(plain.rows.map((r) => r[plain.at("COGS from")])).toEqual(
    sources.map((s) =>
      s === "explicit"
        ? "The API's (entered)"
        : s === "inferred"
          ? "Inferred: add the real cost to the Cost book"
          : "Missing, counted as 0: add it to the Cost book",
    ),
  );

  await run(newCostBook(ports));
  book.sheets
    .get(COST_BOOK_SHEET)
    ?.push(["B", Number(sku.itemId), Number(sku.skuId), 10, "2025-01-01", ""]);
  await runMemoryJob(ports, "import", { def, saved: true });
  const t = table(book.sheets.get("SKUs") ?? []);
  const b5 = (await rawPost(before, key, `${P_B}/simulate`, {
    sellerId: 500001,
    region: "MY",
    itemId: sku.itemId,
    skuId: sku.skuId,
    manufacturingCogs: 10,
  })) as Json;
  expect(rowOf(t)[t.at("Net profit (per unit)")]).toBeCloseTo(
    Number((b5.metadata as Json).netProfit),
    2,
  );
  expect(rowOf(t)[t.at("COGS from")]).toBe("Cost book, from 2025-01-01");
  expect(stamps.get("SKUs")).toContain("COGS from the team cost book for 1 row");
});

test("formula cells with the book turned on take the old cost before its date and the new one after; requests unchanged", async () => {
  const key = before.keyFor("demo");
  const list = (await rawPost(before, key, `${P_A}/products/100001/SG`, {
    pageSize: 5,
    includeVat: true,
    lookbackDays: 180,
  })) as { data: Json[] };
  const itemId = Number(list.data[0]?.itemId);
  const costBook = readCostBook([
    ["Marketplace", "Item id", "Variant id", "Cost", "Valid from"],
    ["A", itemId, "", 3, "2025-01-01"],
    ["A", itemId, "", 4.5, "2025-07-15"],
  ]);
  const env = functionEnv(before);
  // A figure's value (cells answer { value, kind, currency }).
  const cell = async (args: CellInput[], withBook: boolean): Promise<unknown> => {
    const basis = { ...DEFAULT_BASIS, ...(withBook ? { costBook } : {}) };
    const r: unknown = await runAsync(MKTA_BREAKDOWN.program(args, basis), env);
    return typeof r === "object" && r !== null && "value" in r ? r.value : r;
  };
  for (const [date, cost] of [
    ["", 3],
    ["2025-07-20", 4.5],
  ] as const) {
    const args = (field: string): CellInput[] => [
      100001,
      "SG",
      itemId,
      "",
      field,
      "",
      "",
      "",
      date,
    ];
    const apiProfit = Number(await cell(args("netProfit"), false));
    const apiCogs = -Number(await cell(args("manufacturingCogs"), false));
    expect(Number(await cell(args("netProfit"), true))).toBeCloseTo(apiProfit + apiCogs - cost, 2);
    expect(Number(await cell(args("manufacturingCogs"), true))).toBe(-cost);
    expect(await cell(args("cogsSource"), true)).toBe("explicit");
  }
  // The body's requests are the same with the book as without it (coalescing untouched).
  const first = (withBook: boolean) =>
    MKTA_BREAKDOWN.program([100001, "SG", itemId], {
      ...DEFAULT_BASIS,
      ...(withBook ? { costBook } : {}),
    }).next().value;
  expect(first(true)).toEqual(first(false));
});

test("the cells' setting is off by default, needs a book, and is saved with the document's cost book", async () => {
  const { ports, run, book } = importPorts(before);
  expect(await run(costBookForCells(ports))).toEqual({ on: false });
  await expect(run(setCostBookForCells(ports, true))).rejects.toThrow(/New cost book/);
  await run(newCostBook(ports));
  book.sheets.get(COST_BOOK_SHEET)?.push(["A", 7, "", 2, "2025-01-01", ""]);
  expect(await run(costBookForCells(ports))).toEqual({ on: false });
  expect(
    cellsCostBook(
      book.records.get(COST_BOOK_SHEET) ?? null,
      book.sheets.get(COST_BOOK_SHEET) ?? null,
    ),
  ).toBeNull();
  expect(await run(setCostBookForCells(ports, true))).toEqual({ on: true });
  // What a host's cells read (shared/cellBook.ts, sheets/cells/cellBook.ts): the record, then the book.
  const read = await cellBookReader(() => ports.tables)();
  expect(read?.entries.map((e) => [e.itemId, e.cost])).toEqual([["7", 2]]);
  await run(setCostBookForCells(ports, false));
  expect(await cellBookReader(() => ports.tables)()).toBeNull();
});
