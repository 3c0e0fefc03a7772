import { omittedArguments } from "../../../src/hosts/web/omittedArguments";

test("finds the arguments a call leaves out", () => {
  expect(
    omittedArguments('=MKTA_SIMULATE(1001, "SG", 100012, , "netProfit")', "MKTA_SIMULATE"),
  ).toEqual([false, false, false, true, false]);
  expect(omittedArguments("=SHOPS()", "SHOPS")).toEqual([]);
  expect(omittedArguments("=F(1, )", "F")).toEqual([false, true]);
});

test("reads through strings, nested calls and arrays", () => {
  expect(
    omittedArguments(
      '=IF(A1, MKTA_BREAKDOWN(1, "a,(b", SUM(A1, B1), , {1,2}), "")',
      "MKTA_BREAKDOWN",
    ),
  ).toEqual([false, false, false, true, false]);
  expect(omittedArguments('=MKTA_BREAKDOWN(1, "say ""x,"" ", )', "MKTA_BREAKDOWN")).toEqual([
    false,
    false,
    true,
  ]);
});

test("is unsure (null) when the function is called twice or not at all, and ignores longer names", () => {
  expect(omittedArguments("=F(1,)+F(,2)", "F")).toBeNull();
  expect(omittedArguments("=G(1)", "F")).toBeNull();
  expect(omittedArguments("=MKTA_ITEM(1, , 2)", "MKTA_ITEM")).toEqual([false, true, false]);
  expect(omittedArguments("=XMKTA_ITEM(1, , 2)", "MKTA_ITEM")).toBeNull();
});
