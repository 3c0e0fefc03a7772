/** The demo's grid: sheet tabs and the first rows of the active sheet; click to select. */
import type { InPageWorkbook } from "./inPageWorkbook";
import { columnLetters } from "./inPageWorkbook";

const SHOWN_ROWS = 60;
const SHOWN_COLS = 14;

/** Render the workbook into `root` and keep it up to date. */
export function mountSheetView(root: HTMLElement, book: InPageWorkbook): void {
  let active = "Sheet1";
  let anchor: [number, number] | null = null;
  const draw = (): void => {
    if (!book.sheets.has(active) || book.sheets.get(active)?.hidden) active = book.selection.sheet;
    const sheet = book.sheets.get(active);
    root.textContent = "";
    const tabs = document.createElement("div");
    tabs.className = "tabs";
    tabs.setAttribute("role", "tablist");
    for (const s of book.sheets.values()) {
      if (s.hidden) continue;
      const tab = document.createElement("button");
      tab.type = "button";
      tab.setAttribute("role", "tab");
      tab.setAttribute("aria-selected", String(s.name === active));
      tab.textContent = s.name;
      tab.onclick = () => {
        active = s.name;
        book.select(s.name, "A1");
      };
      tabs.appendChild(tab);
    }
    root.appendChild(tabs);
    if (!sheet) return;
    if (sheet.note) {
      const note = document.createElement("p");
      note.className = "note";
      note.textContent = sheet.note.replace(/\n/g, " · ");
      root.appendChild(note);
    }
    const table = document.createElement("table");
    const head = table.insertRow();
    head.insertCell().textContent = "";
    for (let c = 0; c < SHOWN_COLS; c++) head.insertCell().textContent = columnLetters(c);
    const sel = book.selection;
    for (let r = 0; r < Math.max(SHOWN_ROWS, 1); r++) {
      const tr = table.insertRow();
      tr.insertCell().textContent = String(r + 1);
      if (r < sheet.frozenRows) tr.className = "frozen";
      for (let c = 0; c < SHOWN_COLS; c++) {
        const td = tr.insertCell();
        const cell = sheet.cells[r]?.[c];
        td.textContent = cell ? String(cell.value) : "";
        if (cell?.kind === "formula") td.className = "formula";
        if (sel.sheet === active && r >= sel.r0 && r <= sel.r1 && c >= sel.c0 && c <= sel.c1)
          td.classList.add("sel");
        td.onmousedown = (e) => {
          if (e.shiftKey && anchor) {
            const [ar, ac] = anchor;
            book.select(
              active,
              `${columnLetters(Math.min(ac, c))}${Math.min(ar, r) + 1}:${columnLetters(Math.max(ac, c))}${Math.max(ar, r) + 1}`,
            );
          } else {
            anchor = [r, c];
            book.select(active, `${columnLetters(c)}${r + 1}`);
          }
        };
      }
    }
    root.appendChild(table);
    const more = sheet.cells.length - SHOWN_ROWS;
    if (more > 0) {
      const p = document.createElement("p");
      p.className = "note";
      p.textContent = `… ${more} more rows`;
      root.appendChild(p);
    }
  };
  book.subscribe(draw);
  draw();
}
