/** Build step for the Web host: writes dist/web. (Skeleton: the host's issue fills it in.) */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BuildContext } from "./context";

export async function buildWeb(ctx: BuildContext): Promise<void> {
  const out = path.join(ctx.dist, "web");
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, "VERSION"), ctx.version + "\n");
}
