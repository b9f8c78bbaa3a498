// The README's first command ends here (`npm run quickstart`). At this stage of the project it prints the
// API v2 contract that public-scan implements, from the built @public-scan/core; once the scanner lands it
// runs a real scan of a site of the bundled fixture web and prints the report.
import { CONTRACT_VERSION, OPERATIONS, WEIGHTED_READ_POLICY_VERSION } from "@public-scan/core/contract";

const security = { none: "public", bearer: "bearer", bearer_optional: "anonymous or bearer", dashboard_session: "dashboard session" };
const rows = OPERATIONS.map((operation) => [
  operation.method.toUpperCase(),
  operation.path,
  operation.operationId,
  `${security[operation.security]}${operation.scopes.length > 0 ? ` (${operation.scopes.join(", ")})` : ""}`,
  operation.readWeight === null ? "-" : `${operation.readWeight.units} ${operation.readWeight.policy}`,
]);
const header = ["METHOD", "PATH", "OPERATION", "ACCESS", "READ WEIGHT"];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
const line = (cells) =>
  cells
    .map((cell, column) => cell.padEnd(widths[column]))
    .join("  ")
    .trimEnd();

console.log(`public-scan: API v2 contract ${CONTRACT_VERSION}, weighted read policy ${WEIGHTED_READ_POLICY_VERSION}\n`);
console.log(line(header));
for (const row of rows) console.log(line(row));
console.log("\nThe scanner is not built yet: this quick start prints the contract the service implements.");
console.log("The OpenAPI document is docs/openapi.json. Run the tests with `npm test`.");
