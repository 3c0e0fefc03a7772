/** An import stage in memory, for hosts that stage in one page (Excel, web demo). */
import type { Cell } from "../core/shape";
import type { ImportTable } from "../imports/table";
import type { ImportStage } from "./ports";

/** Pages kept per token until commit hands the whole table to `writeTable`. */
export function memoryStage(
  writeTable: (sheetName: string, table: ImportTable) => Promise<void>,
): ImportStage {
  const staged = new Map<string, Cell[][]>();
  const rowsOf = (token: string): Cell[][] => {
    const rows = staged.get(token);
    if (!rows) throw new Error("This import's staging is gone: start the import again");
    return rows;
  };
  return {
    open: (token) => void staged.set(token, []),
    append: (token, page) => void rowsOf(token).push(...page.rows),
    async commit(token, sheetName, { rowCount: _rows, ...table }) {
      const rows = rowsOf(token);
      staged.delete(token);
      await writeTable(sheetName, { ...table, rows });
    },
    drop: (token) => void staged.delete(token),
  };
}
