import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);

/** The folder of an installed npm package (its `package.json`'s folder), from this package's dependencies. */
export function packageDir(name: string): URL {
  return new URL("./", pathToFileURL(require.resolve(`${name}/package.json`)));
}
