const MAX_QUOTED_LENGTH = 80;

/** Quotes a caller's input for an error message, cut short so that a huge input cannot flood a log. */
export function quoteInput(text: string): string {
  return JSON.stringify(text.length > MAX_QUOTED_LENGTH ? `${text.slice(0, MAX_QUOTED_LENGTH)}…` : text);
}
