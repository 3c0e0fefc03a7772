// Flat config: typescript-eslint's recommended rules over everything we write.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { createNodeResolver, importX } from "eslint-plugin-import-x";

export default tseslint.config(
  { ignores: ["dist/**", "coverage/**", "node_modules/**", ".data/**", "bench/results/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["*.js", "**/*.cjs"],
    languageOptions: {
      sourceType: "commonjs",
      globals: { module: "writable", require: "readonly" },
    },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    languageOptions: {
      globals: {
        console: "readonly",
        process: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        URL: "readonly",
        Buffer: "readonly",
        __dirname: "readonly",
      },
    },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },

  // No import circles in src: a newcomer reads a module before the ones that use it.
  {
    files: ["src/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".js", ".json"] })],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts"] },
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },

  // Layers point one way: hosts -> sidebar -> imports -> functions -> core -> api; ui sees
  // only its bridge (types of the layers below, no runtime of core, sidebar or any host).
  ...layers([
    ["src/api/**", ["core", "functions", "imports", "sidebar", "ui", "hosts", "server"]],
    ["src/core/**", ["functions", "imports", "sidebar", "ui", "hosts", "server"]],
    ["src/functions/**", ["imports", "sidebar", "ui", "hosts", "server"]],
    ["src/imports/**", ["sidebar", "ui", "hosts", "server"]],
    ["src/sidebar/**", ["ui", "hosts", "server"]],
    ["src/ui/**", ["hosts", "server"], ["core", "sidebar"]],
  ]),
);

/** One import rule per layer: `banned` never, `typesOnly` for `import type` only. */
function layers(list) {
  const group = (names) => names.flatMap((n) => [`**/${n}/**`, `../${n}/*`, `../../${n}/*`]);
  return list.map(([files, banned, typesOnly = []]) => ({
    files: [files],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: group(banned), message: "Layers point one way (see eslint.config)." },
            ...(typesOnly.length > 0
              ? [
                  {
                    group: group(typesOnly),
                    allowTypeImports: true,
                    message: "The UI sees only its bridge: import types from here, not code.",
                  },
                ]
              : []),
          ],
        },
      ],
    },
  }));
}
