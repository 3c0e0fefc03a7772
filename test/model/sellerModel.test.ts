/**
 * The model's own rule, on sheets made by hand from a real first import (Sheets' fakes): a
 * second copy of every product that the add-in's own id column does not hold (beside the table,
 * or below it under a header of its own) is a duplicate as the seller sees it (issue 33's note:
 * the model counted rows only by the add-in's id column). Under a second.
 */
import type { Cell } from "../../src/functions/cells";
import { startModel } from "./actions";
import { modelImport } from "./run";
import { ScriptedApi, type ModelMarketplace } from "./scriptedApi";
import { checkInvariant, Violation, type SellerModel } from "./sellerModel";
import { sheetsHost } from "./sheetsHost";

async function firstImport(
  marketplace: ModelMarketplace,
): Promise<{ model: SellerModel; grid: Cell[][]; live: string[] }> {
  const api = new ScriptedApi(marketplace);
  const { model, real } = await startModel(
    { host: sheetsHost(api), api },
    modelImport(marketplace),
  );
  return {
    model,
    grid: (await real.host.grid(model.sheet)) ?? [],
    live: await api.liveIds(),
  };
}

const duplicated = (run: () => void): void => {
  let thrown: unknown;
  try {
    run();
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(Violation);
  expect((thrown as Violation).kind).toBe("product row duplicated");
  expect((thrown as Violation).message).toMatch(/as the seller sees it/);
};

describe.each<ModelMarketplace>(["A", "B"])("marketplace %s", (marketplace) => {
  test("the import as written keeps the rule", async () => {
    const { model, grid, live } = await firstImport(marketplace);
    expect(() => checkInvariant(model, grid, live)).not.toThrow();
  });

  test("a second copy of the table beside it is every product twice", async () => {
    const { model, grid, live } = await firstImport(marketplace);
    const width = Math.max(...grid.map((line) => line.length));
    const beside = grid.map((line) => [
      ...line,
      ...Array<Cell>(width - line.length + 1).fill(""),
      ...line,
    ]);
    duplicated(() => checkInvariant(model, beside, live));
  });

  test("a second copy below, under its own header moved right, is every product twice", async () => {
    const { model, grid, live } = await firstImport(marketplace);
    const width = Math.max(...grid.map((line) => line.length));
    const pad = Array<Cell>(width + 2).fill("");
    const below = [...grid, [], ...grid.map((line) => [...pad, ...line])];
    duplicated(() => checkInvariant(model, below, live));
  });

  test("a seller's column headed like the id, holding other things, is no copy", async () => {
    const { model, grid, live } = await firstImport(marketplace);
    const header = model.keyHeaders[0] as string;
    const withNotes = grid.map((line, r) => [...line, r === 0 ? header : `note ${r}`]);
    expect(() => checkInvariant(model, withNotes, live)).not.toThrow();
  });
});
