/**
 * Sheets the sidebar builds are written in chunks, and the page gets a turn after each: one
 * engine write re-lays out the grid on the page's only thread, and a 500-row write held the
 * page for seconds (no paint, no input).
 */

/** Rows per write of a sidebar-built sheet. */
export const PAGE_CHUNK_ROWS = 100;

/** A macrotask: input and paint run before the next chunk. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Write `rows` in chunks of PAGE_CHUNK_ROWS, `write(offset, chunk)` each, a page turn after each. */
export async function writePaged<T>(
  rows: readonly T[],
  write: (offset: number, chunk: T[]) => void,
): Promise<void> {
  for (let i = 0; i < rows.length; i += PAGE_CHUNK_ROWS) {
    write(i, rows.slice(i, i + PAGE_CHUNK_ROWS));
    await nextTask();
  }
}
