/** Build step for the Sheets host: writes dist/sheets. (Skeleton: the host's issue fills it in.) */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BuildContext } from "./context";

export async function buildSheets(ctx: BuildContext): Promise<void> {
  const out = path.join(ctx.dist, "sheets");
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, "VERSION"), ctx.version + "\n");
}
