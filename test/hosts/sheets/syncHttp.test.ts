/**
 * The fake UrlFetchApp's blocking HTTP (syncHttp.ts): an answer that comes after its call
 * timed out is dropped, never taken as the next call's. A loaded machine made that happen in
 * the Sheets kill test (a product's figures read from another product's answer).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { SyncHttp } from "./syncHttp";

let server: ChildProcess;
let base = "";
beforeAll(async () => {
  // In its own process: the test thread blocks while it waits.
  const code = `require("node:http").createServer((q, r) => setTimeout(() => r.end(q.url), 1000)).listen(0, "127.0.0.1", function () { console.log(this.address().port); });`;
  server = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve) =>
    server.stdout?.once("data", (b: Buffer) => resolve(b.toString().trim())),
  );
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => void server.kill());

test("an answer that comes after its call timed out is not the next call's answer", async () => {
  const http = new SyncHttp(10_000, 300);
  try {
    const get = (path: string) => http.fetchAll([{ url: base + path, method: "GET", headers: {} }]);
    // Each answer takes a second: the first call gives up after 0.3 s, and the first answer
    // lands while the second call waits for its own.
    expect(() => get("/first")).toThrow(/timed out/);
    (http as unknown as { waitMs: number }).waitMs = 10_000;
    expect(get("/second")).toEqual([expect.objectContaining({ status: 200, body: "/second" })]);
  } finally {
    await http.close();
  }
});
