import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { runKeysCli } from "../../../src/server/keys/cli";
import { KeyStore } from "../../../src/server/keys/store";

describe("keys CLI", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "mkt-keys-cli-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  function run(...argv: string[]): { code: number; lines: string[] } {
    const lines: string[] = [];
    const code = runKeysCli(argv, (line) => lines.push(line), {});
    return { code, lines };
  }

  it("creates, lists and revokes; the token appears once, on the last line", () => {
    const created = run(
      "create",
      "--label",
      "Pricing sheet",
      "--expiry",
      "90",
      "--account",
      "rival",
      "--data",
      dir,
    );
    expect(created.code).toBe(0);
    const token = created.lines[created.lines.length - 1] ?? "";
    expect(token).toMatch(/^mkta_pat_[0-9A-Za-z]{40}$/);
    expect(created.lines.filter((l) => l.includes(token))).toHaveLength(1);
    const store = new KeyStore(dir);
    expect(store.authenticate(token)).toMatchObject({
      ok: true,
      record: { account: "rival" },
    });
    store.close();

    const listed = run("list", "--data", dir);
    expect(listed.lines[0]).toMatch(
      /^LABEL\s+PREFIX\s+ACCOUNT\s+CREATED\s+LAST USED\s+EXPIRY\s+STATUS$/,
    );
    expect(listed.lines[1]).toMatch(
      // The authentication above was a use: closing the store saved its date.
      /^Pricing sheet\s+mkta_pat_\w{6}\s+rival\s+(\d{4}-\d\d-\d\d \d\d:\d\d\s+){3}active$/,
    );
    expect(listed.lines.join("\n")).not.toContain(token);

    expect(run("revoke", token.slice(0, 15), "--data", dir).lines[0]).toMatch(
      /^Revoked API key "Pricing sheet"/,
    );
    expect(run("list", "--data", dir).lines[1]).toMatch(/revoked$/);
  });

  it("explains bad flags and exits with 2", () => {
    expect(run("create", "--data", dir).lines[0]).toMatch(/needs --label/);
    expect(run("create", "--label", "x", "--expiry", "45", "--data", dir)).toMatchObject({
      code: 2,
      lines: [
        expect.stringMatching(/--expiry must be one of never, 30, 60, 90, 365/),
        expect.any(String),
      ],
    });
    expect(run("create", "--label").lines[0]).toMatch(/--label needs a value/);
    expect(run("list", "--colour", "red").lines[0]).toMatch(/Unknown flag --colour/);
    expect(run("revoke", "--data", dir).lines[0]).toMatch(/revoke needs the key's PREFIX/);
    expect(run("revoke", "mkta_pat_zzzzzz", "--data", dir).lines[0]).toMatch(
      /No key has the prefix/,
    );
    expect(run("rotate").code).toBe(2);
  });
});
