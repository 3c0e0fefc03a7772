/**
 * A pricing sheet's stages told to the pane as they happen (async hosts): each API request,
 * each table write with its rows, the formulas, the highlight. The sidebar's operation stays
 * as it is: its ports are watched, and the workbook tells the rows of a write as they land
 * where it writes in steps (the web demo).
 */
import type { SidebarPorts } from "../../sidebar/ports";
import type { PricingProgress } from "../../ui/bridge";

/** Told block rows written so far of a write's `of`; null stops telling. */
export type RowsWatch = (listener: ((done: number, of: number) => void) | null) => void;

/** Distinct rows of blocks (a row with two blocks of answers is one row to the seller). */
const distinctRows = (blocks: readonly { row: number; values: readonly unknown[] }[]): number =>
  new Set(blocks.flatMap((b) => b.values.map((_, i) => b.row + i))).size;

/** `ports` whose API and table writes tell `tell` where the work is. */
export function watchedPorts(
  ports: SidebarPorts,
  tell: (at: PricingProgress) => void,
  watchRows?: RowsWatch,
): SidebarPorts {
  const { tables, api } = ports;
  let requests = 0;
  let sheet = "";
  /** Tell the stage, then its rows as the workbook writes them (scaled to `total`). */
  const stage = async (at: Omit<PricingProgress, "done">, work: () => unknown): Promise<void> => {
    sheet = at.sheet;
    tell({ ...at, done: 0 });
    watchRows?.((done, of) => tell({ ...at, done: Math.round((done / of) * at.total) }));
    try {
      await work();
    } finally {
      watchRows?.(null);
    }
  };
  const { formulas, highlightRows } = tables;
  return {
    ...ports,
    api: {
      ...api,
      run: (program, how) => {
        tell({ stage: "asking", done: ++requests, total: 0, sheet });
        return api.run(program, how);
      },
    },
    tables: {
      ...tables,
      write: (name, blocks, create) =>
        stage({ stage: "writing", total: distinctRows(blocks), sheet: name }, () =>
          tables.write(name, blocks, create),
        ),
      ...(formulas
        ? {
            formulas: (name, block) =>
              stage({ stage: "formulas", total: block.formulas.length, sheet: name }, () =>
                formulas.call(tables, name, block),
              ),
          }
        : {}),
      ...(highlightRows
        ? {
            highlightRows: (name, rule) =>
              stage({ stage: "highlight", total: rule.rows, sheet: name }, () =>
                highlightRows.call(tables, name, rule),
              ),
          }
        : {}),
    },
  };
}
