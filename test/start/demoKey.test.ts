/**
 * The demo key `npm start` prints: the same one on every start while it works, a new one
 * (said to be new) once it was revoked, so the guide never calls a fresh key "the same".
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { demoKey } from "../../build/start";
import { KeyStore } from "../../src/server/keys/store";

describe("npm start's demo key", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "demo-key-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test("kept between starts, replaced and called new after a revoke", () => {
    const first = demoKey(new KeyStore(dir), dir);
    expect(first.created).toBe(true);
    const again = demoKey(new KeyStore(dir), dir);
    expect(again).toEqual({ token: first.token, created: false });

    // Revoked by the keys CLI (another process, the same data folder).
    const cli = new KeyStore(dir);
    cli.revoke(first.token);
    cli.close();

    const next = demoKey(new KeyStore(dir), dir);
    expect(next.created).toBe(true);
    expect(next.token).not.toBe(first.token);
    expect(demoKey(new KeyStore(dir), dir)).toEqual({ token: next.token, created: false });
  });
});
