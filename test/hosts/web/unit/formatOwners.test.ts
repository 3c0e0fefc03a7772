/**
 * Which answer owns which cell's format (src/hosts/web/univer/formatOwners.ts), over a plain
 * grid: a later answer takes cells another answer formatted, a released or shrunk answer gives
 * its formats back, a format the seller chose is never taken, and a reload keeps the owners.
 */
import { FormatOwners, type FormatGrid } from "../../../../src/hosts/web/univer/formatOwners";

function grid(initial: Record<string, string> = {}): FormatGrid & { cells: Map<string, string> } {
  const cells = new Map(Object.entries(initial));
  return {
    cells,
    formatAt: (r, c) => cells.get(`${r},${c}`) ?? "",
    setFormats(changes) {
      for (const [r, c, f] of changes)
        if (f === null) cells.delete(`${r},${c}`);
        else cells.set(`${r},${c}`, f);
    },
  };
}

test("a table's cells take their formats; shrinking gives the rest back", () => {
  const g = grid();
  const owners = new FormatOwners();
  owners.claim(g, 10, 4, [
    [0, 0, ""],
    [1, 0, "0.00%"],
    [2, 0, "#,##0.00"],
  ]);
  expect(Object.fromEntries(g.cells)).toEqual({ "11,4": "0.00%", "12,4": "#,##0.00" });
  owners.claim(g, 10, 4, [
    [0, 0, ""],
    [1, 0, "#,##0.00"],
  ]);
  expect(Object.fromEntries(g.cells)).toEqual({ "11,4": "#,##0.00" });
});

test("a blocked table gives its formats back; the seller's own format is never taken", () => {
  const g = grid({ "12,4": "0.0" });
  const owners = new FormatOwners();
  owners.claim(g, 10, 4, [
    [1, 0, "0.00%"],
    [2, 0, "#,##0.00"],
  ]);
  expect(g.cells.get("12,4")).toBe("0.0");
  owners.release(g, 10, 4);
  expect(Object.fromEntries(g.cells)).toEqual({ "12,4": "0.0" });
});

test("another answer takes a cell one formatted; a reload knows whose it is", () => {
  const g = grid();
  const first = new FormatOwners();
  first.claim(g, 14, 4, [[2, 11, "0.00%"]]); // P17: a preview's Target margin
  const reloaded = new FormatOwners(JSON.parse(JSON.stringify(first.toJSON())));
  reloaded.claim(g, 10, 14, [[6, 1, "#,##0.00"]]); // P17: REQUIRED_PRICE's Commission fee
  expect(g.cells.get("16,15")).toBe("#,##0.00");
  reloaded.release(g, 14, 4); // the preview goes: the cell is no longer its to reset
  expect(g.cells.get("16,15")).toBe("#,##0.00");
  expect(reloaded.anchors()).toEqual([[10, 14]]);
});
