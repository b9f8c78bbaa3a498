import { readFile } from "node:fs/promises";
import type { FixtureSite } from "./fixture-web.js";
import { parseGroundTruth } from "./ground-truth.js";
import type { SiteDefinition } from "./site-definition.js";
import { SITES_DIR } from "./sites-dir.js";

/** The public description of each site, with its ground truth read and checked from `sites/<id>/ground-truth.json`. */
export async function loadSites(definitions: readonly SiteDefinition[]): Promise<FixtureSite[]> {
  return Promise.all(
    definitions.map(async (definition) => {
      const file = new URL(`${definition.id}/ground-truth.json`, SITES_DIR);
      let groundTruth;
      try {
        groundTruth = parseGroundTruth(JSON.parse(await readFile(file, "utf8")));
      } catch (error) {
        throw new Error(
          `fixture-web: sites/${definition.id}/ground-truth.json: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
      return {
        id: definition.id,
        host: definition.host,
        url: definition.url ?? `https://${definition.host}/`,
        description: definition.description,
        groundTruth,
      };
    }),
  );
}
