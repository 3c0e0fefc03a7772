/**
 * The host fakes' cell keys, "row,col" (each fake counts from its host's first row), and how
 * inserting or deleting rows and columns moves them. A seller-data model step looks up every
 * cell of a table several times and moves every cell on each insert: a new string per look
 * and an array per moved cell were the fakes' largest allocation (bench/results.md, issue 33).
 */

/** Keys made once for the first rows and columns (a fake's tables live there). */
const made: string[][] = [];

export function cellKey(r: number, c: number): string {
  if (r < 0 || c < 0 || r >= 4096 || c >= 256) return `${r},${c}`;
  const row = (made[r] ??= []);
  return (row[c] ??= `${r},${c}`);
}

/** Every key of `map` moved as `to` says (null: the cell is gone), in the map's order. */
export function moveKeys<V>(
  map: Map<string, V>,
  to: (r: number, c: number) => readonly [number, number] | null,
): void {
  const keys: string[] = [];
  const values: V[] = [];
  for (const [k, v] of map) {
    const comma = k.indexOf(",");
    const r = Number(k.slice(0, comma));
    const c = Number(k.slice(comma + 1));
    const next = to(r, c);
    if (!next) continue;
    keys.push(next[0] === r && next[1] === c ? k : cellKey(next[0], next[1]));
    values.push(v);
  }
  map.clear();
  for (let i = 0; i < keys.length; i++) map.set(keys[i] as string, values[i] as V);
}
