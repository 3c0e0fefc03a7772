/**
 * The facade slice the 10,000 web runs use does what Univer's engine does, action by action
 * (engineCheck.ts, in its own Node process: the engine's ES modules do not load in Jest).
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { seedOfToday } from "../run";

jest.setTimeout(300_000);

const RUNS = Number(process.env.MODEL_ENGINE_RUNS ?? 40);
const ROOT = path.resolve(__dirname, "..", "..", "..");

test("the web demo's facade slice does what the engine does, action by action", async () => {
  const out = await new Promise<string>((resolve, reject) =>
    execFile(
      process.execPath,
      ["--import", "tsx", "test/model/web/engineCheck.ts", String(RUNS), String(seedOfToday())],
      { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, timeout: 280_000 },
      (error, stdout, stderr) =>
        error && !stdout ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
    ),
  );
  const result = JSON.parse(out.trim().split("\n").pop() ?? "{}") as {
    actions?: number;
    difference?: string | null;
    error?: string;
  };
  console.log(`engine check: ${RUNS} sequences, ${result.actions} actions compared`);
  expect(result.error).toBeUndefined();
  expect(result.difference).toBeNull();
  expect(result.actions).toBeGreaterThan(RUNS);
});
