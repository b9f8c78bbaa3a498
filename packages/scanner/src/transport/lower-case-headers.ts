/** Header names in lower case; lines of a header sent twice under different spellings are joined by a newline, as CDP does. */
export function lowerCaseHeaders(headers: Readonly<Record<string, string>>): Map<string, string> {
  const lower = new Map<string, string>();
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    const previous = lower.get(key);
    lower.set(key, previous === undefined ? value : `${previous}\n${value}`);
  }
  return lower;
}
