/**
 * A place on this site to go back to after signing in or verifying: a path that starts with one `/` (not
 * `//` or `/\`, which browsers read as another host), without control characters. Anything else is dropped,
 * so the forms cannot be used as an open redirect.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (typeof value !== "string" || value.length > 2048) return null;
  if (!/^\/(?![/\\])/.test(value) || /[\u0000-\u001f\u007f\\]/.test(value)) return null;
  return value;
}
