// Writes docs/openapi.json from the built core package (`pnpm openapi`). A test fails when the committed
// file differs from what the schemas generate, so a contract change always shows in review.
import { writeFileSync } from "node:fs";
import { createOpenApiDocument } from "@public-scan/core/openapi";

const target = new URL("../docs/openapi.json", import.meta.url);
writeFileSync(target, `${JSON.stringify(createOpenApiDocument(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
