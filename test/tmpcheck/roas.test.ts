import { runAsync } from "../../src/core/asyncDriver";
import { functionByName } from "../../src/functions";
import { DEFAULT_BASIS } from "../../src/functions/basis";
import { functionEnv } from "../helpers/functionEnv";
import { startTestServer } from "../helpers/server";
test("roas B", async () => {
  const server = await startTestServer({ hostileNames: false });
  const env = functionEnv(server, { perMinute: 100000 });
  const fn = functionByName("PROFIT_ROAS")!;
  for (const args of [
    ["B", 500001, "MY", 40000001],
    ["B", 500001, "MY", 40000001, null, "roas"],
  ]) {
    try {
      console.log(JSON.stringify(await runAsync(fn.program(args as never, DEFAULT_BASIS), env)));
    } catch (e) {
      console.log("ERR", String(e));
    }
  }
  await server.close();
});
