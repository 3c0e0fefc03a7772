import { readFormula } from "../../../../src/hosts/sheets/cells/r1c1Formula";

describe("readFormula (R1C1 text of a filled-down formula)", () => {
  test("literals, empty arguments and relative/absolute single-cell references", () => {
    expect(readFormula('=MKTA_BREAKDOWN(100001, "SG", R[0]C[-2], , "netProfit")')).toEqual({
      name: "MKTA_BREAKDOWN",
      args: [
        { kind: "literal", value: 100001 },
        { kind: "literal", value: "SG" },
        {
          kind: "reference",
          ref: { sheet: null, row: 0, rowAbsolute: false, col: -2, colAbsolute: false },
        },
        { kind: "empty" },
        { kind: "literal", value: "netProfit" },
      ],
    });
    expect(readFormula("=f(R2C3, 'My ''tab'''!R[-1]C, TRUE, -1.5e2)")?.args).toEqual([
      {
        kind: "reference",
        ref: { sheet: null, row: 2, rowAbsolute: true, col: 3, colAbsolute: true },
      },
      {
        kind: "reference",
        ref: { sheet: "My 'tab'", row: -1, rowAbsolute: false, col: 0, colAbsolute: false },
      },
      { kind: "literal", value: true },
      { kind: "literal", value: -150 },
    ]);
    expect(readFormula('=F("a, ""b""")')?.args).toEqual([{ kind: "literal", value: 'a, "b"' }]);
    expect(readFormula("=NOW()")).toEqual({ name: "NOW", args: [] });
  });

  test("anything else is not read (the cell is then answered alone)", () => {
    for (const f of [
      "=F(G(1))",
      "=F(R[0]C[-1]:R[2]C[-1])",
      "=F(R[0]C[-1]+1)",
      "=R[0]C[1]",
      "12",
      '=F("open)',
    ])
      expect(readFormula(f)).toBeNull();
  });
});
