// Jest's TypeScript transform: esbuild strips the types, as ts-jest did here (tsconfig's
// isolatedModules made it transpile file by file, never type-check: `npm run typecheck` does
// that). On CI's clean clone, with no transform cache, TypeScript's transpiler spent tens of
// seconds of CPU on the ~700 files the suites load; esbuild, already the build's bundler (a
// prebuilt binary, nothing compiled on install), does it in a few. A file that calls
// jest.mock() still goes through ts-jest, which hoists the mock above the imports.
const { createHash } = require("node:crypto");
const { readFileSync } = require("node:fs");
const path = require("node:path");
const { transformSync, version } = require("esbuild");

// What tsconfig.json says that changes the emitted code: ES2020 classes assign their fields
// in the constructor, and every module is strict.
const TSCONFIG = { compilerOptions: { useDefineForClassFields: false, strict: true } };
const OWN = readFileSync(path.join(__dirname, "esbuildTransform.cjs"), "utf8");
const TSCONFIG_TEXT = readFileSync(path.join(__dirname, "..", "..", "tsconfig.json"), "utf8");

let tsJest;
const needsHoisting = (source) => source.includes("jest.mock(");

module.exports = {
  getCacheKey(source, file, options) {
    return createHash("sha256")
      .update(
        [OWN, TSCONFIG_TEXT, version, file, options.configString, options.instrument].join("\0"),
      )
      .update(source)
      .digest("hex");
  },
  process(source, file, options) {
    if (needsHoisting(source)) {
      tsJest ??= require("ts-jest").default.createTransformer();
      return tsJest.process(source, file, options);
    }
    const out = transformSync(source, {
      loader: "ts",
      format: "cjs",
      target: "es2020",
      sourcemap: true,
      sourcesContent: false,
      sourcefile: file,
      tsconfigRaw: TSCONFIG,
      // import() becomes require(), as TypeScript's CommonJS output does: Jest's module
      // registry (and its mocks) sees only require() outside --experimental-vm-modules.
      supported: { "dynamic-import": false },
    });
    return { code: out.code, map: out.map };
  },
};
