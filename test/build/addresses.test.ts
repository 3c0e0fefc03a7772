/**
 * One rule for addresses (issue 36 item 3): what package:excel, deploy:sheets and the build
 * take as MKT_BASE_URL / MKT_ADDIN_URL is what the add-in's Settings take at run time
 * (normaliseBaseUrl), plus https and a host its users can reach. A refused address is named
 * with what to set, and a password in it is never repeated.
 */
import { buildAddress, deployAddress } from "../../build/addresses";
import { renderManifest } from "../../build/excel";
import { normaliseBaseUrl } from "../../src/core/baseUrl";

const TEMPLATE =
  '<OfficeApp><SourceLocation DefaultValue="{{ADDIN_URL}}/taskpane.html"/></OfficeApp>';

const refused = (run: () => unknown): string => {
  try {
    run();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error("accepted");
};

test("every address Settings refuses at run time is refused before a build, with Settings' own sentence", () => {
  for (const raw of [
    "https://api.example.com?k=1",
    "https://api.example.com/#x",
    "https://user@api.example.com",
    "https://api.example.com:0",
    "https://api.example.com:65536",
    "ftp://api.example.com",
    "http://api.example.com",
    "api.example.com",
  ]) {
    const runtime = refused(() => normaliseBaseUrl(raw));
    for (const check of [
      () => buildAddress("MKT_BASE_URL", raw, "build"),
      () => deployAddress("MKT_BASE_URL", raw, "office", "package:excel"),
      () => deployAddress("MKT_BASE_URL", raw, "google", "deploy:sheets"),
    ]) {
      const message = refused(check);
      expect({ raw, message }).toEqual({ raw, message: expect.stringContaining(runtime) });
      expect(message).toMatch(/^MKT_BASE_URL=".*" is refused: .*Set it to the https:\/\/ address/);
    }
  }
  // What Settings takes, the local build takes too (plain http to this computer included).
  expect(buildAddress("MKT_BASE_URL", "http://localhost:8787/", "build")).toBe(
    "http://localhost:8787",
  );
});

test("a deployment needs https on a host its users reach; Google's servers reach no private network", () => {
  const unset = refused(() => deployAddress("MKT_BASE_URL", undefined, "google", "deploy:sheets"));
  expect(unset).toBe(
    "MKT_BASE_URL is not set. Set it to the https:// address of the API, e.g. MKT_BASE_URL=https://api.example.com npm run deploy:sheets",
  );
  expect(refused(() => deployAddress("MKT_BASE_URL", "  ", "office", "package:excel"))).toMatch(
    /^MKT_BASE_URL is not set/,
  );
  expect(
    refused(() => deployAddress("MKT_BASE_URL", "http://localhost:8787", "google", "x")),
  ).toMatch(/must start with https:\/\//);
  for (const loop of ["https://localhost:8787", "https://127.0.0.5", "https://[::1]:8443"])
    for (const who of ["google", "office"] as const)
      expect(refused(() => deployAddress("MKT_BASE_URL", loop, who, "x"))).toMatch(
        /is this computer, which .* cannot reach/,
      );
  for (const lan of ["https://192.168.1.2/api", "https://10.0.0.7", "https://intranet/api"]) {
    expect(refused(() => deployAddress("MKT_BASE_URL", lan, "google", "x"))).toMatch(
      /only your own network reaches, and Apps Script fetches from Google's servers/,
    );
    // A company's Excel users may reach an API on its own network.
    expect(deployAddress("MKT_BASE_URL", lan, "office", "x")).toBe(lan);
  }
  expect(deployAddress("MKT_BASE_URL", " HTTPS://API.Example.com/v1/ ", "google", "x")).toBe(
    "https://api.example.com/v1",
  );
});

test("the add-in's address: no user info (its password is never repeated), no port out of range", () => {
  const secret = refused(() =>
    deployAddress("MKT_ADDIN_URL", "https://user:secret@addin.example.com", "office", "x"),
  );
  expect(secret).toMatch(
    /^MKT_ADDIN_URL="https:\/\/…@addin\.example\.com" is refused: .*user name/,
  );
  expect(secret).not.toContain("secret");
  expect(
    refused(() => deployAddress("MKT_ADDIN_URL", "https://addin.example.com:70000", "office", "x")),
  ).toMatch(/port must be 1 to 65535 \(got 70000\)/);
  // The manifest is made with the same rule, so no password reaches manifest.xml.
  expect(
    refused(() => renderManifest(TEMPLATE, "https://user:secret@addin.example.com", "1.0.0")),
  ).not.toContain("secret");
  expect(() => renderManifest(TEMPLATE, "https://addin.example.com:0", "1.0.0")).toThrow(/port/);
  expect(() => renderManifest(TEMPLATE, "https://addin.example.com/a b", "1.0.0")).toThrow(
    /manifest\.xml cannot carry/,
  );
  expect(renderManifest(TEMPLATE, "https://Addin.Example.com/office/", "1.0.0")).toContain(
    '"https://addin.example.com/office/taskpane.html"',
  );
});
