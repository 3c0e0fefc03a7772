/**
 * Which ExcelApi requirement sets this Excel has, asked at run time (Office.js's
 * isSetSupported): older Excel lacks RangeAreas and Range.copyFrom (1.9) and
 * Worksheet.calculate(markAllDirty) (1.14), and the add-in falls back where they are missing.
 */
import { requirementSupported } from "../shared/officeGlobals";

/** True when this Excel has ExcelApi `version` ("1.9"). */
export type ExcelApiCheck = (version: string) => boolean;

/** Office.js's answer; false outside Excel. */
export const officeExcelApi: ExcelApiCheck = (version) => requirementSupported("ExcelApi", version);
