import { readFile, stat } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { contentTypeOf, isTextType } from "./content-types.js";
import { fillPlaceholders } from "./fill-placeholders.js";

export interface Asset {
  body: Buffer;
  contentType: string;
}

export interface ReadAssetOptions {
  /** Folder the file must lie in. */
  root: URL;
  /** URL path below the root, still percent-encoded (`/`, `/privacy-policy`, `/assets/app.js`). */
  path: string;
  /** Placeholder values for text files; omit to serve files byte for byte (vendor libraries). */
  placeholders?: Readonly<Record<string, string>>;
}

/**
 * Reads a static file the way a plain web server maps URLs to files: `/` and folders serve `index.html`,
 * an extension-less path may name an `.html` file ("clean URLs"). Nothing outside the root is served.
 */
export async function readAsset(options: ReadAssetOptions): Promise<Asset | undefined> {
  const rootPath = resolve(fileURLToPath(options.root));
  let decoded: string;
  try {
    decoded = decodeURIComponent(options.path);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0")) return undefined;
  const target = resolve(join(rootPath, decoded));
  if (target !== rootPath && !target.startsWith(rootPath + sep)) return undefined;

  const candidates = [target, join(target, "index.html")];
  if (extname(target) === "") candidates.splice(1, 0, `${target}.html`);
  for (const candidate of candidates) {
    const info = await stat(candidate).catch(() => undefined);
    if (info?.isFile() !== true) continue;
    const contentType = contentTypeOf(candidate);
    const raw = await readFile(candidate);
    const body =
      options.placeholders !== undefined && isTextType(contentType)
        ? Buffer.from(fillPlaceholders(raw.toString("utf8"), options.placeholders))
        : raw;
    return { body, contentType };
  }
  return undefined;
}
