import { createHash } from "node:crypto";

/** The contents of every inline `<style>` or `<script>` element of a page, in order. */
export function inlineContents(html: string, tag: "style" | "script"): string[] {
  return [...html.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, "gi"))].map((match) => match[1] ?? "");
}

/** The CSP source expression of a content, computed independently of the renderer. */
export function sha256Source(content: string): string {
  return `'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`;
}

/** Every value of an attribute in the page, decoded as a browser would for the entities the renderer emits. */
export function attributeValues(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`\\s${name}="([^"]*)"`, "g"))].map((match) => decodeEntities(match[1] ?? ""));
}

export function decodeEntities(value: string): string {
  return value
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** How often a string occurs in a text (case-insensitive). */
export function countOf(text: string, needle: string): number {
  return text.toLowerCase().split(needle.toLowerCase()).length - 1;
}

/** Escaped as the pages escape text, for `toContain` checks of view strings. */
export function escaped(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** A copy of a value with every string (deeply) passed through `map`. */
export function mapStrings<T>(value: T, map: (text: string) => string): T {
  if (typeof value === "string") return map(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => mapStrings(item, map)) as T;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)])) as T;
  }
  return value;
}
