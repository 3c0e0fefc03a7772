/**
 * The reference server in its own process, so the test thread may block on synchronous
 * "UrlFetchApp" calls without starving it. Prints one JSON line: base URL and API keys.
 */
import { startTestServer } from "../../helpers/server";

async function main(): Promise<void> {
  const server = await startTestServer();
  const keys = {
    demo: server.keyFor("demo"),
    demo2: server.keyFor("demo"),
    rival: server.keyFor("rival"),
  };
  process.stdout.write(JSON.stringify({ baseUrl: server.baseUrl, keys }) + "\n");
  const stop = (): void => {
    void server.close().then(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.stdin.on("end", stop); // parent gone
  process.stdin.resume();
}

void main();
