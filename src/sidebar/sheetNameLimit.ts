/**
 * A host's longest sheet name. Excel refuses a name over 31 characters (and says only
 * "InvalidArgument" at the sync): a job that would make such a sheet is refused before it
 * asks anything, naming the limit; Google Sheets takes 100. The web demo has no limit of its own.
 */

/** The longest sheet name a host takes, and the host's name for the message. */
export interface SheetNameLimit {
  readonly chars: number;
  readonly host: string;
}

export const EXCEL_SHEET_NAMES: SheetNameLimit = { chars: 31, host: "Excel" };
export const SHEETS_SHEET_NAMES: SheetNameLimit = { chars: 100, host: "Google Sheets" };

/** The sentence refusing `name` where it is too long for the host, else null. */
export function sheetNameTooLong(name: string, limit: SheetNameLimit | undefined): string | null {
  const length = [...name].length;
  if (!limit || length <= limit.chars) return null;
  const shown = length > 40 ? `${[...name].slice(0, 39).join("")}…` : name;
  return `Sheet "${shown}" has ${length} characters: ${limit.host} allows at most ${limit.chars} in a sheet name. Pick a shorter name (nothing was asked or written)`;
}
