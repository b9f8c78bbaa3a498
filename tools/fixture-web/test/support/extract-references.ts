/** One URL an HTML page refers to, with the attribute it came from. */
export interface Reference {
  tag: string;
  attribute: string;
  url: URL;
}

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">" };

/**
 * The URLs in `src`, `href` and `data-src` attributes of an HTML page, resolved against the page URL.
 * A small attribute scanner rather than a DOM: the pages are ours and well-formed, and the test must not
 * depend on a parser library this package does not have.
 */
export function extractReferences(html: string, base: string): Reference[] {
  const references: Reference[] = [];
  for (const tag of html.matchAll(/<([a-z][a-z0-9]*)\b([^>]*)>/gi)) {
    const name = (tag[1] ?? "").toLowerCase();
    for (const attribute of (tag[2] ?? "").matchAll(/\s(src|href|data-src)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
      const raw = (attribute[2] ?? attribute[3] ?? "").replace(
        /&(amp|quot|apos|lt|gt);/g,
        (_match, entity: string) => ENTITIES[entity] ?? "",
      );
      if (raw === "" || raw.startsWith("#") || /^(mailto|tel|javascript|data):/i.test(raw)) continue;
      references.push({ tag: name, attribute: (attribute[1] ?? "").toLowerCase(), url: new URL(raw, base) });
    }
  }
  return references;
}
