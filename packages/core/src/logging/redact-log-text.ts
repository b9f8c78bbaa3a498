import { SUPPORT_KEY_PREFIX } from "../keys/issue-api-key.js";

/**
 * What free text in a log line (an error's message or stack, a library's complaint) may carry that the
 * service must never log, each with what stands in for it. Order matters: a URL goes whole, with its query
 * and any email in it, before the narrower patterns look at what is left.
 */
const PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  // Any absolute URL (http, https, ws, redis with its password, file paths of a stack stay: they are ours).
  [/\b(?!file:)[a-z][a-z\d+.-]*:\/\/[^\s"'<>`]+/gi, "[url]"],
  [/[^\s@"'<>`(),;:]+@[^\s@"'<>`(),;:]+\.[a-z]{2,}/gi, "[email]"],
  // A query string left after a path or host (`/news?session=…`, `example.org?x=1`).
  [/\?[^\s"'<>`]*=[^\s"'<>`]*/g, "?[query]"],
  // API keys: the support prefix (`svc_`) also starts the read-only one (`svc_ro_…`).
  [new RegExp(`\\b${SUPPORT_KEY_PREFIX}[A-Za-z\\d_]{8,}`, "g"), "[api-key]"],
  [/\bBearer\s+\S+/gi, "Bearer [redacted]"],
  // A cookie or set-cookie header quoted in a message keeps its name only.
  [/\b((?:set-)?cookie:\s*)[^\r\n]*/gi, "$1[redacted]"],
];

/**
 * Free text with every URL, email, query string, API key, bearer token and cookie header replaced: what
 * every host logs of an error (the reference server's pino serializer, the Lambda functions' lines), since
 * a browser's or a library's message often quotes the URL it was given.
 */
export function redactLogText(text: string): string {
  return PATTERNS.reduce((redacted, [pattern, replacement]) => redacted.replace(pattern, replacement), text);
}
