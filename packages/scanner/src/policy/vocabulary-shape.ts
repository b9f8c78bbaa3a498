/** Shape checks for the hand-edited vocabulary files: a bad edit fails at load time, naming the entry. */
export function vocabularyObject(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error(`${where}: expected an object`);
  return value as Record<string, unknown>;
}

export function vocabularyStrings(value: unknown, where: string): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string" && item.length > 0))
    throw new Error(`${where}: expected a list of non-empty strings`);
  return value as string[];
}
