/**
 * A catalog function as the engine's function help (the formula bar's hints while typing):
 * the same name, help text and argument descriptions as Excel's functions.json.
 */
import { FunctionType, type IFunctionInfo } from "@univerjs/preset-sheets-core";
import type { SheetFunction } from "../../../functions/define";
import { functionMetadata } from "../../shared/metadata";

/** The engine's description of one catalog function. */
export function functionInfo(fn: SheetFunction): IFunctionInfo {
  const meta = functionMetadata(fn);
  return {
    functionName: fn.name,
    functionType: FunctionType.User,
    description: [fn.help, ...fn.notes, `Example: ${fn.example}`].join("\n"),
    abstract: fn.help,
    functionParameter: meta.parameters.map((p, i) => ({
      name: p.name,
      detail: p.optional && !fn.params[i]?.needed ? `[optional] ${p.description}` : p.description,
      example: "",
      require: p.optional ? 0 : 1,
      repeat: 0,
    })),
  };
}
