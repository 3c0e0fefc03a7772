/** Build step for the Excel host: writes dist/excel. (Skeleton: the host's issue fills it in.) */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BuildContext } from "./context";

export async function buildExcel(ctx: BuildContext): Promise<void> {
  const out = path.join(ctx.dist, "excel");
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, "VERSION"), ctx.version + "\n");
}
