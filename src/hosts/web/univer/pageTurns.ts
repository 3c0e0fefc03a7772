/**
 * Sheets the sidebar builds are written in chunks, and the page gets a turn after each: one
 * engine write re-lays out the grid on the page's only thread, and a 500-row write held the
 * page for seconds (no paint, no input).
 */

/** Rows per write of a sidebar-built sheet. */
export const PAGE_CHUNK_ROWS = 100;

/** A macrotask: input and paint run before the next chunk. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Write `rows` in chunks of PAGE_CHUNK_ROWS, `write(offset, chunk)` each, with a page turn
 * after each; `told` hears the rows written so far (the pane's progress line).
 */
export async function writePaged<T>(
  rows: readonly T[],
  write: (offset: number, chunk: T[]) => void,
  told: (written: number) => void = () => undefined,
): Promise<void> {
  let offset = 0;
  for (let i = 0; i < rows.length; i += PAGE_CHUNK_ROWS) {
    const chunk = rows.slice(i, i + PAGE_CHUNK_ROWS);
    write(offset, chunk);
    offset += chunk.length;
    told(offset);
    await nextTask();
  }
}
