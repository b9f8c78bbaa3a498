import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);

/** The folder of an installed npm package (its `package.json`'s folder), from this package's dependencies. */
export function packageDir(name: string): URL {
  try {
    return new URL("./", pathToFileURL(require.resolve(`${name}/package.json`)));
  } catch (error) {
    // A package whose `exports` leave out package.json (@iabtcf/core): up from its main entry to the manifest.
    if ((error as NodeJS.ErrnoException).code !== "ERR_PACKAGE_PATH_NOT_EXPORTED") throw error;
    for (let dir = new URL("./", pathToFileURL(require.resolve(name))); dir.pathname !== "/"; dir = new URL("../", dir)) {
      if (manifestName(new URL("package.json", dir)) === name) return dir;
    }
    throw new Error(`packageDir: no package.json named ${name} above its main entry`, { cause: error });
  }
}

function manifestName(file: URL): string | undefined {
  try {
    return (JSON.parse(readFileSync(file, "utf8")) as { name?: string }).name;
  } catch {
    return undefined;
  }
}
