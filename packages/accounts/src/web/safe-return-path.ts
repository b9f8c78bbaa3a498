/**
 * A place on this site to go back to after signing in or verifying: a path that starts with one `/` (not
 * `//` or `/\`, which browsers read as another host), in visible ASCII only. Anything else is dropped, so
 * the forms cannot be used as an open redirect. Control characters and spaces could split or bend the
 * Location header, and characters above U+00FF cannot be put in a header at all (the redirect would throw);
 * the paths this site links to are ASCII, with anything else percent-encoded.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (typeof value !== "string" || value.length > 2048) return null;
  // Visible ASCII (0x21-0x7e) except the backslash (0x5c), which browsers read as `/` anywhere in a path.
  return /^\/(?![/\\])[\x21-\x5b\x5d-\x7e]*$/.test(value) ? value : null;
}
