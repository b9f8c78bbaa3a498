import { styleText } from "node:util";

/** Styles a piece of terminal text (colour, bold), or leaves it as is. */
export type Paint = (format: "bold" | "dim" | "red" | "yellow" | "green" | "cyan", text: string) => string;

export const PLAIN: Paint = (_format, text) => text;

/** ANSI styles through node:util's styleText; whether to colour at all is `wantsColour`'s decision, not the stream's. */
export const COLOURED: Paint = (format, text) => styleText(format, text, { validateStream: false });

/**
 * Whether a command's output gets colour: never with NO_COLOR (https://no-color.org), always with FORCE_COLOR
 * (other than 0), else only when it goes to a terminal, so a pipe, a file or a CI log gets plain text.
 */
export function wantsColour(stream: { isTTY?: boolean }, env: Readonly<Record<string, string | undefined>>): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "0") return true;
  return stream.isTTY === true;
}
