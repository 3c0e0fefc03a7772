/**
 * What a cell that asks again by itself says (Excel and the web demo: src/hosts/shared/reask.ts).
 * Core words with the generic place; each host's edge names its own (core/places.ts).
 */

/** A cell that will ask again at `time` (try `n` of `of`). */
export function asksAgainAt(cause: string, time: string, n: number, of: number): string {
  return `${cause}: asks again by itself at ${time} (${n} of ${of}); to ask now, refresh the cells with errors from the add-in's menu or pane`;
}

/** A cell that asked again `asked` times and stops. */
export function askedAgain(cause: string, asked: number): string {
  return `${cause}: asked again ${asked} times by itself; once it answers, refresh the cells with errors from the add-in's menu or pane (check your connection and the base URL in Settings)`;
}
