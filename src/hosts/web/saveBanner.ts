/**
 * The lines above the grid about saving the workbook: red while it is not saved in the browser
 * (a reload would lose work), amber from 80 % of the storage the browser grants. Neither shares
 * its place with a cell's message.
 */

/** Show `message` in `banner`, or hide the banner when there is nothing to say. */
export function showSaveProblem(banner: HTMLElement, message: string | null): void {
  banner.textContent = message ?? "";
  banner.hidden = message === null;
}
