/** Excel's and the web demo's hover text is cut at 250 characters: the action must survive. */
import { keyRefusedError } from "../../../src/core/schedule/gate";
import { unreachableError, NO_ANSWER_IN_TIME } from "../../../src/core/schedule/breaker";
import { inPlaces } from "../../../src/core/places";
import { fitHover } from "../../../src/hosts/shared/excelValues";
import { EXCEL_PLACES, WEB_PLACES } from "../../../src/hosts/shared/places";

const LONG_URL = "https://profit-analytics.api.your-marketplace-provider.example/v1";

describe.each([
  ["Excel", EXCEL_PLACES],
  ["web demo", WEB_PLACES],
])("hover text in %s", (_host, places) => {
  test("the 429-storm message fits whole, its refresh step included", () => {
    const text = inPlaces(keyRefusedError().message, places);
    expect(text.length).toBeLessThanOrEqual(250);
    expect(fitHover(text)).toBe(text);
    expect(text.endsWith(places.refreshErrors)).toBe(true);
  });

  test("a message over 250 characters keeps its last clause, what the seller can do", () => {
    const text = inPlaces(unreachableError(LONG_URL, NO_ANSWER_IN_TIME).message, places);
    const fitted = fitHover(text);
    expect(fitted.length).toBeLessThanOrEqual(250);
    const last = text.slice(text.lastIndexOf("; ") + 2);
    if (text.length > 250) expect(fitted.endsWith(`…; ${last}`)).toBe(true);
    else expect(fitted).toBe(text);
  });
});

test("a long message without clauses is cut at the end", () => {
  const fitted = fitHover("x".repeat(400));
  expect(fitted).toHaveLength(250);
  expect(fitted.endsWith("…")).toBe(true);
});

test("an action too long to keep whole falls back to a plain cut", () => {
  const fitted = fitHover(`${"a".repeat(100)}; ${"b".repeat(240)}`);
  expect(fitted).toHaveLength(250);
  expect(fitted.startsWith("a".repeat(100))).toBe(true);
});
