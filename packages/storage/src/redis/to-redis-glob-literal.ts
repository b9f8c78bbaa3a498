/**
 * `text` as a Redis glob pattern that matches only itself: `*`, `?`, `[`, `]` and `\` are escaped, so a
 * namespace or prefix containing them (say `a*`) can never widen a SCAN MATCH to other keys.
 */
export function toRedisGlobLiteral(text: string): string {
  return text.replace(/[*?[\]\\]/g, (char) => `\\${char}`);
}
