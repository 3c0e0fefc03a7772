/**
 * A link's `?api=` is a question, never an order (issue 22, item 1): what the web demo asks,
 * and that no other code reads an API address from a URL (the Excel task pane and the Sheets
 * sidebar read theirs only from the seller's own per-user settings).
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { apiLink, withoutApiParameter } from "../../../../src/hosts/web/apiOffer";

const CURRENT = "http://127.0.0.1:8787";

describe("apiLink", () => {
  test("another address is offered, normalised, shown as origin and path", () => {
    expect(apiLink("https://Evil.Example/", CURRENT)).toEqual({
      kind: "offer",
      address: "https://evil.example",
      shown: "https://evil.example",
    });
    expect(apiLink("http://localhost:9999", CURRENT)).toEqual({
      kind: "offer",
      address: "http://localhost:9999",
      shown: "http://localhost:9999",
    });
    expect(apiLink("https://api.example.com/mkta/v1.2/", CURRENT)).toEqual({
      kind: "offer",
      address: "https://api.example.com/mkta/v1.2",
      shown: "https://api.example.com, path /mkta/v1.2",
    });
  });

  test("a path that reads like another address is not offered (issue 36)", () => {
    for (const raw of [
      "http://localhost:9999/https://evil.example",
      "https://api.example.com/@evil.example",
      "https://api.example.com//evil.example/x",
      "https://api.example.com/\\evil.example",
      "https://api.example.com/evil.example.com",
      "https://api.example.com/x/203.0.113.7",
      "https://api.example.com/%2F%2Fevil.example",
      "https://api.example.com/%40evil.example",
    ]) {
      const link = apiLink(raw, CURRENT);
      expect({ raw, kind: link.kind }).toEqual({ raw, kind: "unusable" });
      if (link.kind === "unusable")
        expect(link.reason).toMatch(/^its path .* reads like another address/);
    }
  });

  test("no link, an empty one, or the address in use asks nothing", () => {
    expect(apiLink(null, CURRENT)).toEqual({ kind: "none" });
    expect(apiLink("  ", CURRENT)).toEqual({ kind: "none" });
    expect(apiLink("http://127.0.0.1:8787/", CURRENT)).toEqual({ kind: "none" });
  });

  test("an address the add-in would never use is refused with the reason", () => {
    for (const raw of ["http://evil.example", "javascript:alert(1)", "https://u:p@x.example"]) {
      const link = apiLink(raw, CURRENT);
      expect(link.kind).toBe("unusable");
      if (link.kind === "unusable") expect(link.reason).toMatch(/^API address /);
    }
  });
});

/** What the page's start reads from its address (src/hosts/web/main.ts), as a link is typed. */
const linkedIn = (href: string): string | null =>
  new URLSearchParams(new URL(href).search).get("api");

test("spellings of the parameter in a link: never applied, at most offered", () => {
  const page = "http://127.0.0.1:8080/index.html";
  const foreign = "http://localhost:9999";
  const cases: ReadonlyArray<readonly [string, string]> = [
    [`?API=${foreign}`, "none"], // names are case-sensitive: not ours
    [`#api=${foreign}`, "none"], // the fragment is not the query
    [`?api=${foreign}&api=${foreign}`, "offer"],
    [`?%61pi=${encodeURIComponent(foreign)}`, "offer"], // an encoded name is the name
    [`?api=${encodeURIComponent(encodeURIComponent(foreign))}`, "unusable"],
    [`?api=${encodeURIComponent("HTTP://LOCALHOST:9999/")}`, "offer"],
    [`?api=%20${encodeURIComponent(foreign)}%20`, "offer"],
    ["?api=//localhost:9999", "unusable"],
    [`?api=${encodeURIComponent("http://127.0.0.1:8787@localhost:9999")}`, "unusable"],
    [`?api=${encodeURIComponent("http://localhost:9999\\@127.0.0.1:8787")}`, "unusable"],
    [`?api=${encodeURIComponent("http://local\thost:9999")}`, "unusable"],
    ["?api=http://127.0.0.1.evil.example", "unusable"], // plain http off this machine
    [`?api=${encodeURIComponent("https://\u0435xample.com")}`, "unusable"], // IDN (Cyrillic e)
    [`?api=${encodeURIComponent("http://localhost:9999/@127.0.0.1:8787")}`, "unusable"],
  ];
  for (const [tail, kind] of cases)
    expect([tail, apiLink(linkedIn(`${page}${tail}`), CURRENT).kind]).toEqual([tail, kind]);
});

test("withoutApiParameter drops only ?api=", () => {
  expect(
    withoutApiParameter("http://127.0.0.1:8080/index.html?look=google&api=https://x.example"),
  ).toBe("http://127.0.0.1:8080/index.html?look=google");
  expect(withoutApiParameter("http://127.0.0.1:8080/index.html?api=x")).toBe(
    "http://127.0.0.1:8080/index.html",
  );
});

test("only the web demo's page reads its URL, and it saves an address in one place", () => {
  const src = path.resolve(__dirname, "../../../../src");
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? files(full) : full.endsWith(".ts") ? [full] : [];
    });
  const readers = files(src)
    .filter((f) => !f.includes(`${path.sep}server${path.sep}`))
    .filter((f) => /location\.(search|hash|href)|URLSearchParams/.test(readFileSync(f, "utf8")))
    .map((f) => path.relative(src, f));
  expect(readers).toEqual(["hosts/web/main.ts"]);
  const main = readFileSync(path.join(src, "hosts/web/main.ts"), "utf8");
  // The page saves an address only in the seller's "Use it" answer.
  expect(main.match(/setItem\(SETTING\.baseUrl/g)).toHaveLength(1);
});
