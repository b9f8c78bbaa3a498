// @ts-check
/**
 * The import rules that ESLint's `no-restricted-imports` cannot express: no import circles anywhere, and
 * the layers inside core and the scanner (ARCHITECTURE.md). Run by `npm run lint` as `depcruise`.
 *
 * A layer may import its own folder and any lower layer, never a higher one. Folders on one line share a
 * layer. The package entries (`src/index.ts`, `src/testing.ts`, ...) sit above every layer.
 */

/**
 * Inside `packages/core/src`, lowest first. `projection` sits below `domain`: a ScanRecord (domain) stores
 * the ScanReport the projection made, while the projection is pure over observations and needs no record.
 */
const CORE_LAYERS = [
  ["contract", "errors"],
  ["observations"],
  ["projection"],
  ["domain"],
  ["ports"],
  ["render", "exports"],
  ["limits"],
  ["keys"],
  ["logging"],
  ["use-cases", "monitors"],
  ["access"],
  ["stores"],
  ["compose", "openapi", "testing", "examples"],
];

/** Inside `packages/scanner/src`, lowest first. */
const SCANNER_LAYERS = [
  ["timing", "network", "classify", "browser", "consent-mode"],
  ["visit"],
  ["collectors"],
  ["consent"],
  ["transport"],
  ["policy"],
  ["us-privacy"],
  ["privacy-signals"],
  ["phases"],
  ["scan"],
];

/**
 * One rule per layer: its folders may not import any folder of a higher layer.
 * @param {string} pkg @param {string[][]} layers
 * @returns {import("dependency-cruiser").IForbiddenRuleType[]}
 */
function layerRules(pkg, layers) {
  return layers.slice(0, -1).map((layer, index) => {
    const higher = layers.slice(index + 1).flat();
    return {
      name: `${pkg}-layers-${layer.join("-")}`,
      comment: `${layer.join(", ")} sit below ${higher.join(", ")} in ${pkg} (ARCHITECTURE.md): move the shared piece down instead.`,
      severity: "error",
      from: { path: `^packages/${pkg}/src/(${layer.join("|")})/` },
      to: { path: `^packages/${pkg}/src/(${higher.join("|")})/` },
    };
  });
}

/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "Import circles make the order of initialisation and the reading order undefined: break the circle.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    ...layerRules("core", CORE_LAYERS),
    ...layerRules("scanner", SCANNER_LAYERS),
    {
      name: "mcp-main-entry-host-neutral",
      comment:
        "@public-scan/mcp's main entry serves any host (Lambda, workers, h3): web-standard APIs only. Node's modules and the stdio server belong to @public-scan/mcp/stdio.",
      severity: "error",
      from: { path: "^packages/mcp/src/(?!stdio/)" },
      to: { path: "^packages/mcp/src/stdio/" },
    },
    {
      name: "mcp-main-entry-no-node-modules",
      comment: "@public-scan/mcp's main entry serves any host: web-standard APIs (crypto, TextEncoder) instead of Node's modules.",
      severity: "error",
      from: { path: "^packages/mcp/src/(?!stdio/)" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "nothing-imports-an-app",
      comment:
        "Apps (apps/*: the reference server, the Lambda deployment) are on top: they compose the packages, and no package, tool or example imports one. A test may start one to test against.",
      severity: "error",
      from: { path: "^(packages|tools|examples)/", pathNot: "(^|/)test/|\\.test\\.ts$" },
      to: { path: "^apps/" },
    },
    {
      name: "apps-stand-alone",
      comment: "An app never imports another app: what two apps share belongs in a package.",
      severity: "error",
      from: { path: "^apps/([^/]+)/" },
      to: { path: "^apps/", pathNot: "^apps/$1/" },
    },
    {
      name: "no-test-reaches-into-another-package",
      comment:
        "A package's test/ folder is its own: what tests of several packages share lives in a package (tools/test-support, tools/recorded-scans, a package's testing entry), so moving or changing one package's tests never breaks another's.",
      severity: "error",
      from: { path: "^(packages|apps|tools|examples)/([^/]+)/" },
      to: { path: "^(packages|apps|tools|examples)/[^/]+/test/", pathNot: "^$1/$2/test/" },
    },
  ],
  options: {
    doNotFollow: { path: ["node_modules"] },
    exclude: { path: ["(^|/)dist/", "(^|/)node_modules/", "^\\.toolchain/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["@public-scan/source", "import", "types", "default"],
      extensions: [".ts", ".js", ".mjs"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
