/**
 * The sidebar and the task pane opened outside their host (a link opened in a browser tab)
 * used to be blank white pages: the host's API is missing and nothing rendered. They now say
 * where to open them (issue 12).
 */

/** What the Sheets sidebar says when google.script.run is missing. */
export const OUTSIDE_SHEETS =
  "This is the Marketplace Profit sidebar for Google Sheets. Open it from a spreadsheet: Extensions > Marketplace Profit > Settings. To try it in a plain browser tab, run npm start and open the address it prints.";

/** What the Excel task pane says when Office.js is missing. */
export const OUTSIDE_EXCEL =
  "This is the Marketplace Profit task pane for Excel. Open it from Excel: Home > API key, in the Marketplace Profit group (sideload the add-in first, see the README). To try it in a plain browser tab, run npm start and open the address it prints.";

/** Put the sentence in `root` (visible, read out by screen readers). */
export function showOutsideHost(root: HTMLElement, sentence: string): void {
  const p = root.ownerDocument.createElement("p");
  p.id = "outside-host";
  p.setAttribute("role", "alert");
  p.style.cssText = "font: 14px/1.4 sans-serif; margin: 16px; color: #a4262c";
  p.textContent = sentence;
  root.replaceChildren(p);
}

/** Start the app, or show where to open it when the host's API is not there. */
export function startInHost(
  root: HTMLElement,
  hostPresent: boolean,
  sentence: string,
  start: () => void,
): void {
  if (!hostPresent) showOutsideHost(root, sentence);
  else start();
}
