// @ts-check
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The dependency direction of ARCHITECTURE.md, as lint rules (a test on the built core entry checks the same
 * from the other side):
 *   core        imports nothing in the repo, and no browser, HTTP framework, MCP, AWS or socket module;
 *   client      imports only core's contract entry;
 *   scanner, http-h3, mcp, storage import core (and their own libraries); mcp also the client;
 *   aws-lambda  imports core only (its API handler serves any fetch app the host builds; the host passes the scanner);
 *   accounts    may import core and http-h3 (its escaping template);
 *   nothing imports aws-lambda, mcp or accounts (hosts wire them in).
 */
const NOT_IN_CORE = [
  { group: ["@public-scan/*"], message: "core imports nothing in the repo (ARCHITECTURE.md)." },
  { group: ["puppeteer", "puppeteer-core", "@sparticuz/*", "playwright*"], message: "No browser in core: put it in @public-scan/scanner." },
  { group: ["h3", "srvx", "srvx/*", "express", "hono"], message: "No HTTP framework in core: put it in @public-scan/http-h3." },
  { group: ["@modelcontextprotocol/*"], message: "No MCP in core: put it in @public-scan/mcp." },
  { group: ["@aws-sdk/*", "aws-lambda"], message: "No AWS in core: put it in @public-scan/aws-lambda." },
  {
    group: [
      "node:net",
      "node:tls",
      "node:http",
      "node:https",
      "node:http2",
      "node:dgram",
      "node:dns",
      "net",
      "tls",
      "http",
      "https",
      "dns",
    ],
    message: "No sockets in core: ports are implemented by adapters.",
  },
];
const NOBODY_IMPORTS = [
  { group: ["@public-scan/aws-lambda", "@public-scan/aws-lambda/*"], message: "Nothing imports aws-lambda (ARCHITECTURE.md)." },
  { group: ["@public-scan/mcp", "@public-scan/mcp/*"], message: "Nothing imports mcp (ARCHITECTURE.md)." },
  { group: ["@public-scan/accounts", "@public-scan/accounts/*"], message: "Nothing imports accounts: hosts mount it (ARCHITECTURE.md)." },
];
const NO_DEEP_IMPORTS = [
  { group: ["@public-scan/*/src/*", "@public-scan/*/dist/*", "../../*/src/*"], message: "Import a package by its exported entries." },
];

/** @param {string} pkg @param {Array<{group?: string[], regex?: string, message: string}>} patterns */
const restrict = (pkg, patterns) => ({
  files: [`packages/${pkg}/src/**/*.ts`],
  rules: { "no-restricted-imports": ["error", { patterns }] },
});

export default tseslint.config(
  { ignores: ["**/dist/**", "**/cdk.out/**", "**/node_modules/**", ".toolchain/**", "coverage/**", "docs/openapi.json"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ["*.js", "*.mjs", ".dependency-cruiser.cjs", "scripts/*.mjs"] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "max-params": ["error", 3],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "separate-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/switch-exhaustiveness-check": "error",
    },
  },
  restrict("core", NOT_IN_CORE),
  restrict("client", [
    ...NOBODY_IMPORTS,
    ...NO_DEEP_IMPORTS,
    { regex: "^@public-scan/(?!core/contract$)", message: "The client imports only @public-scan/core/contract." },
  ]),
  restrict("scanner", [
    ...NOBODY_IMPORTS,
    ...NO_DEEP_IMPORTS,
    { group: ["@public-scan/http-h3", "@public-scan/client"], message: "The scanner depends on core only." },
  ]),
  restrict("http-h3", [
    ...NOBODY_IMPORTS,
    ...NO_DEEP_IMPORTS,
    {
      group: ["@public-scan/scanner", "@public-scan/client"],
      message: "The REST adapter depends on core only; hosts wire in the scanner.",
    },
  ]),
  restrict("mcp", [...NOBODY_IMPORTS, ...NO_DEEP_IMPORTS]),
  restrict("storage", [
    ...NOBODY_IMPORTS,
    ...NO_DEEP_IMPORTS,
    { group: ["@public-scan/scanner", "@public-scan/http-h3", "@public-scan/client"], message: "Storage adapters depend on core only." },
  ]),
  restrict("accounts", [
    ...NOBODY_IMPORTS,
    ...NO_DEEP_IMPORTS,
    {
      group: ["@public-scan/scanner", "@public-scan/storage", "@public-scan/client"],
      message: "accounts imports core and http-h3 only; hosts wire in the stores.",
    },
  ]),
  restrict("aws-lambda", [
    {
      group: [
        "@public-scan/mcp",
        "@public-scan/mcp/*",
        "@public-scan/client",
        "@public-scan/http-h3",
        "@public-scan/scanner",
        "@public-scan/storage",
        "@public-scan/storage/*",
      ],
      message: "aws-lambda imports core only: the host builds the app it serves and the scanner its worker runs.",
    },
    ...NO_DEEP_IMPORTS,
  ]),
  {
    // Tests may use `any` in mutations of fixtures, and vitest's `expect(...).toX` calls are not promises.
    files: ["**/test/**/*.ts", "**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  { files: ["**/*.js", "**/*.mjs", "**/*.cjs"], ...tseslint.configs.disableTypeChecked },
  { files: ["**/*.cjs"], languageOptions: { sourceType: "commonjs", globals: { ...globals.node } } },
  // A page's own script, loaded by the browser as it is (no bundler): browser globals, not Node's.
  { files: ["examples/client-in-browser/app.js"], languageOptions: { globals: { ...globals.browser } } },
);
