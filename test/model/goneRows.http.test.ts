/**
 * Issue 33's must-show for "Remove gone rows", over real HTTP to the reference server with the
 * task pane (Excel's bridge) on the workbook fake: a 50-row import refreshed after two basis
 * changes grows with the products each new basis ranks in its top 50; the rows of products no
 * longer in the answer are marked and unranked (the model's invariant after each refresh);
 * "Remove gone rows" names every cell the seller typed on them before removing them, and the
 * table is back to the answer's rows with every seller cell of the kept rows beside its product.
 */
// office-addin-mock's manifest dependency is ESM-only: give it the host names alone.
jest.mock("office-addin-manifest", () => ({
  OfficeApp: { Excel: "excel", Outlook: "outlook", PowerPoint: "powerpoint", Word: "word" },
}));
import fc from "fast-check";
import { fetchTransport } from "../../src/hosts/shared/fetchTransport";
import { GONE_FILL } from "../../src/imports/managedTable";
import { startTestServer, type TestServer } from "../helpers/server";
import {
  Api,
  InsertColumn,
  Refresh,
  RemoveGone,
  TypeOwned,
  TypeSeller,
  startModel,
} from "./actions";
import { excelHost } from "./excelHost";
import { RealApi } from "./realApi";
import { modelImport } from "./run";

jest.setTimeout(120_000);
let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
  key = server.keyFor("demo");
});
afterAll(() => server.close());

test("a 50-row table after two basis changes: gone rows marked, then removed with every seller cell named first", async () => {
  const api = new RealApi(server.baseUrl, key, "A", 50);
  const host = excelHost({ transport: fetchTransport(), baseUrl: server.baseUrl, apiKey: key });
  api.attach(host);
  const def = { ...modelImport("A"), options: { limit: 50 } };
  const started = await startModel({ host, api }, def);
  const { model } = started;
  const statusPick = model.cols
    .filter((c) => c.startsWith("own:") && c !== "own:Item id")
    .indexOf("own:Status");
  const questions: string[] = [];
  const asking = {
    ...started.real,
    host: {
      ...host,
      removeGone: (sheet: string, confirm: Parameters<typeof host.removeGone>[1]) =>
        host.removeGone(sheet, async (q, a) => {
          questions.push(q);
          return confirm(q, a);
        }),
    },
  };
  // The seller's notes on every third row, a Status typed on two rows; then two new bases.
  await fc.asyncModelRun(
    () => ({ model, real: asking }),
    [
      new InsertColumn("right", "seller", 0),
      ...Array.from({ length: 17 }, (_, i) => new TypeSeller(i * 3, 0, i % 2 === 0)),
      new TypeOwned(40, statusPick, "text"),
      new TypeOwned(45, statusPick, "text"),
      new Api({ kind: "figures", pick: 0, all: true }),
      new Refresh("menu"),
      new Api({ kind: "idsAsText", on: false }),
      new Refresh("menu"),
    ],
  );
  const grown = (await host.grid(model.sheet)) ?? [];
  const ids = (g: unknown[][]) => {
    const at = (g[0] ?? []).indexOf("Item id");
    return g
      .slice(1)
      .map((l) => l[at])
      .filter((x) => x !== "" && x != null)
      .map(String);
  };
  const live = await api.liveIds();
  expect(live).toHaveLength(50);
  const gone = ids(grown).filter((id) => !live.includes(id));
  expect(gone.length).toBeGreaterThan(0);
  // Gone rows are shaded (the Excel fake keeps each cell's fill).
  const rowOf = (id: string) => ids(grown).indexOf(id) + 1;
  for (const id of gone) expect(host.excel.fillAt(model.sheet, rowOf(id), 0)).toBe(GONE_FILL);

  // Cancel first: nothing changes (the action checks the fingerprint); then yes.
  await fc.asyncModelRun(
    () => ({ model, real: asking }),
    [new RemoveGone(false), new RemoveGone(true)],
  );
  expect(questions).toHaveLength(2);
  const after = (await host.grid(model.sheet)) ?? [];
  expect(ids(after).sort()).toEqual([...live].sort());
  expect(after.slice(1).filter((l) => l.some((c) => c !== "" && c != null))).toHaveLength(50);
  for (let r = 1; r <= 50; r++) expect(host.excel.fillAt(model.sheet, r, 0)).not.toBe(GONE_FILL);
  const named = [...(questions[1] ?? "").matchAll(/[A-Z]+\d+ \(/g)].length;
  console.log(
    `50-row import, two basis changes: ${grown.length - 1} rows, ${gone.length} gone; removed with ${named} seller cells named first`,
  );
});
