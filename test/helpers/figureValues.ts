/**
 * For suites that check the figures a function answers, not how they are shown: a Figure
 * (src/core/figure.ts) equals the plain number it holds in toEqual and friends. How figures
 * are shown is checked in test/core/figure.test.ts and the host tests.
 */
import { Figure } from "../../src/core/figure";

type Tester = (a: unknown, b: unknown) => boolean | undefined;
// Jest 30 has addEqualityTesters; the installed @types/jest does not declare it yet.
(expect as unknown as { addEqualityTesters(testers: Tester[]): void }).addEqualityTesters([
  function figureValue(a, b) {
    if (a instanceof Figure && typeof b === "number") return Object.is(a.value, b);
    if (b instanceof Figure && typeof a === "number") return Object.is(b.value, a);
    if (a instanceof Figure && b instanceof Figure)
      return a.value === b.value && a.numberFormat === b.numberFormat;
    return undefined;
  },
]);

/** A figure's plain number (other values unchanged), for `toBe` and arithmetic. */
export function valueOf(cell: unknown): unknown {
  return cell instanceof Figure ? cell.value : cell;
}
