/**
 * Formula answers as the engine's own typed values. A custom function registered through
 * Univer's facade returns plain JS values, and the engine re-reads every string as if typed
 * (ValueObjectFactory.create in @univerjs/engine-formula 0.25: "+33", "1.234,56", "12 €",
 * "50%", "2024-01-05", "TRUE", "#N/A", "{1,2}" stop being text). So each catalog function's
 * executor is replaced by one that hands the engine StringValueObject / NumberValueObject /
 * BooleanValueObject / ErrorValueObject itself: a text answer stays exactly that text.
 */
import {
  ArrayValueObject,
  BaseFunction,
  BooleanValueObject,
  ErrorValueObject,
  NumberValueObject,
  StringValueObject,
  type BaseValueObject,
  type ErrorType,
} from "@univerjs/preset-sheets-core";
import type { EngineResult, EngineValue, ShownResult } from "../engineErrors";

/** A formula's body: the engine's arguments in, the shown answer and its error cells out. */
export type TypedBody = (
  place: { readonly subUnitId: string; readonly row: number; readonly column: number },
  args: readonly unknown[],
) => { readonly value: EngineResult; readonly errors: ShownResult["errors"] };

function typed(v: EngineValue, isError: boolean): BaseValueObject {
  if (isError && typeof v === "string") return ErrorValueObject.create(v as ErrorType);
  if (typeof v === "boolean") return BooleanValueObject.create(v);
  if (typeof v === "number")
    return Number.isFinite(v)
      ? NumberValueObject.create(v)
      : ErrorValueObject.create("#NUM!" as ErrorType);
  return StringValueObject.create(v);
}

/** An answer (one value or a spill) as the engine's value objects. */
export function typedResult(
  value: EngineResult,
  errors: ShownResult["errors"],
): BaseValueObject | ArrayValueObject {
  const isError = (r: number, c: number) => errors.some(([er, ec]) => er === r && ec === c);
  if (!Array.isArray(value)) return typed(value, isError(0, 0));
  const rows = value.map((row, r) => row.map((v, c) => typed(v, isError(r, c))));
  return ArrayValueObject.create({
    calculateValueList: rows,
    rowCount: rows.length,
    columnCount: rows[0]?.length ?? 0,
    unitId: "",
    sheetId: "",
    row: -1,
    column: -1,
  });
}

/**
 * The executor of one catalog function: the engine calls `calculate` with its value objects
 * (a range as an array object), after telling it the cell (setRefInfo: subUnitId, row, column).
 */
export class TypedFunction extends BaseFunction {
  constructor(
    name: string,
    private readonly body: TypedBody,
  ) {
    super(name);
  }

  override calculate(...variants: BaseValueObject[]): BaseValueObject | ArrayValueObject {
    // As the engine maps a custom function's arguments: arrays to rows of values, else the value.
    const args = variants.map((v) =>
      v.isArray() ? (v as ArrayValueObject).toValue() : v.getValue(),
    );
    const place = { subUnitId: this.subUnitId ?? "", row: this.row, column: this.column };
    const { value, errors } = this.body(place, args);
    return typedResult(value, errors);
  }
}
