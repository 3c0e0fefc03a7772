/** A count as a seller reads it everywhere: "5,527". */
export function grouped(n: number): string {
  return n.toLocaleString("en-US");
}

/** A count with its noun in the right number, for messages: "1 cell", "3 cells", "1,200 rows". */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${grouped(n)} ${n === 1 ? one : many}`;
}
