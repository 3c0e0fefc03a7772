/** A count with its noun in the right number, for messages: "1 cell", "3 cells", "1,200 rows". */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}
