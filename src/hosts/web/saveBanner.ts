/**
 * The red line above the grid that stays while the workbook is not saved in the browser: a
 * reload would lose work, so it never shares its place with a cell's message.
 */

/** Show `message` in `banner`, or hide the banner when the workbook is saved again. */
export function showSaveProblem(banner: HTMLElement, message: string | null): void {
  banner.textContent = message ?? "";
  banner.hidden = message === null;
}
