/** A fee-change sheet's stages on its marketplace (stagesA.ts, stagesBC.ts). */
import type { SheetStage } from "../sheetSteps";
import type { FeeChangeState } from "./feeChangeAsk";
import { stagesA } from "./stagesA";
import { stagesB, stagesC } from "./stagesBC";

export function feeChangeStages(s: FeeChangeState): SheetStage<FeeChangeState>[] {
  return s.ask.marketplace === "A"
    ? stagesA(s)
    : s.ask.marketplace === "B"
      ? stagesB(s)
      : stagesC(s);
}
