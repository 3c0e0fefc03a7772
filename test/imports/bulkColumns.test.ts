import {
  matchHeaders,
  selectionColumn,
  unmappedRequired,
  unusedColumnsNote,
} from "../../src/imports/bulkColumns";
import { CATALOG, functionByName } from "../../src/functions";

const params = (name: string) => {
  const fn = functionByName(name);
  if (!fn) throw new Error(`no ${name}`);
  return fn.params;
};

describe("bulk column mapping", () => {
  test("headers that name arguments map them, in the seller's spellings", () => {
    const p = params("MKTA_BREAKDOWN");
    const sources = matchHeaders(p, ["Shop", "REGION", "item_id", "Notes"]);
    const byName = Object.fromEntries(p.map((x, i) => [x.name, sources[i]]));
    expect(byName).toMatchObject({ shopId: "col:0", region: "col:1", itemId: "col:2" });
    expect(sources.filter((s) => s === "col:3")).toEqual([]); // "Notes" names nothing
  });

  test("a seller's choice is kept, and a column serves one argument only", () => {
    const p = params("MKTA_BREAKDOWN");
    const chosen = p.map((x) => (x.name === "shopId" ? "value" : ""));
    const sources = matchHeaders(p, ["shopId", "region", "itemId"], chosen);
    expect(sources[p.findIndex((x) => x.name === "shopId")]).toBe("value");
    expect(new Set(sources.filter((s) => s.startsWith("col:"))).size).toBe(
      sources.filter((s) => s.startsWith("col:")).length,
    );
  });

  test("required arguments left empty are named; optional ones are not", () => {
    const p = params("MKTA_BREAKDOWN");
    const missing = unmappedRequired(p, []);
    expect(missing).toEqual(p.filter((x) => !x.optional).map((x) => x.name));
    expect(missing).toContain("shopId");
    expect(
      unmappedRequired(
        p,
        p.map(() => "value"),
      ),
    ).toEqual([]);
  });

  test("an argument optional only by position (REQUIRED_PRICE's category, cogs) is still named", () => {
    const p = params("REQUIRED_PRICE");
    const missing = unmappedRequired(p, ["A"]);
    expect(missing).toEqual(expect.arrayContaining(["category", "cogs"]));
    expect(missing).not.toContain("targetMargin"); // A leaves it empty
  });

  test("columns are named by the sheet's letters, wherever the selection starts", () => {
    expect(selectionColumn("Inputs!C2:E40", 0)).toBe("C");
    expect(selectionColumn("'My sheet'!Z1:AB3", 2)).toBe("AB");
    expect(selectionColumn("Sheet1!B7", 1)).toBe("C");
    expect(selectionColumn(undefined, 1)).toBe("B");
  });
});

describe("typed columns the function does not use (issue 23)", () => {
  const header = ["Shop", "Region", "Item id", "COGS", "Notes"];

  test("MKTA_BREAKDOWN over a table with COGS says the column is unused and who takes it", () => {
    const fn = functionByName("MKTA_BREAKDOWN");
    if (!fn) throw new Error("no MKTA_BREAKDOWN");
    const sources = matchHeaders(fn.params, header);
    const note = unusedColumnsNote(fn, header, sources, CATALOG, "Sheet1!B2:F20");
    expect(note).toMatch(/^Not used by MKTA_BREAKDOWN: Column E "COGS" \(MKTA_NEW_PRODUCT, /);
    expect(note).toContain('Column F "Notes"');
    expect(note).not.toContain('"Item id"');
  });

  test("a function that maps every headed column says nothing", () => {
    const fn = functionByName("MKTA_NEW_PRODUCT");
    if (!fn) throw new Error("no MKTA_NEW_PRODUCT");
    const headed = ["Shop", "Region", "Listing price", "Category id", "COGS"];
    const sources = matchHeaders(fn.params, headed);
    expect(unusedColumnsNote(fn, headed, sources, CATALOG)).toBe("");
  });
});

describe("a header naming a number over a column of text (new user: a pricing sheet's cost source)", () => {
  // An older pricing sheet's "COGS" column says where the cost came from, in words.
  const header = ["Shop", "Region", "Listing price", "Category id", "COGS", "Target margin"];
  const body = [
    [100001, "SG", 59, 100009, "The API's (entered)", 0.2],
    [100001, "SG", 24, 100009, "Inferred: add the real cost to the Cost book", 0.2],
  ];
  const fn = functionByName("REQUIRED_PRICE");
  if (!fn) throw new Error("no REQUIRED_PRICE");
  const cogsAt = fn.params.findIndex((p) => p.name === "cogs");

  test("is not mapped to the number, and the note says why and what to do", () => {
    const sources = matchHeaders(fn.params, header, [], body);
    expect(sources[cogsAt]).toBe("");
    expect(unmappedRequired(fn.params, sources)).toContain("cogs");
    expect(unusedColumnsNote(fn, header, sources, CATALOG, "Pricing!D1:I3", body)).toContain(
      `Column H "COGS" holds text ("The API's (entered)"), not a number, so it is not taken as Unit cost (COGS): map a column of costs, or type one value for every row`,
    );
  });

  test("a COGS column of figures (numbers, or numbers as text) still maps by its header", () => {
    const figures = body.map((r) =>
      r.map((c, i) => (i === 4 ? (r === body[0] ? 12.5 : " 8 ") : c)),
    );
    expect(matchHeaders(fn.params, header, [], figures)[cogsAt]).toBe("col:4");
    expect(matchHeaders(fn.params, header, [], [[100001, "SG", 59, 100009, "", 0.2]])[cogsAt]).toBe(
      "col:4",
    );
  });
});
