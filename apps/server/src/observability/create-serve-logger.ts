import { pino, stdSerializers, stdTimeFunctions, type Logger } from "pino";
import { redactLogText } from "@public-scan/core";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Field names whose value is never logged, should a caller ever pass one (a second line of defence). */
const REDACTED_PATHS = [
  "url",
  "email",
  "cookie",
  "authorization",
  "token",
  "headers",
  "query",
  "*.url",
  "*.email",
  "*.cookie",
  "*.authorization",
  "*.token",
  "*.headers",
  "*.query",
];

/** An error as a log field: its type, and its message and stack with every value redacted. */
function serializeError(error: Error): Record<string, unknown> {
  const { type, message, stack, code } = stdSerializers.err(error) as { type: string; message: string; stack: string; code?: unknown };
  return {
    type,
    message: redactLogText(message),
    stack: redactLogText(stack),
    ...(typeof code === "string" ? { code } : {}),
  };
}

/**
 * The reference server's structured log: one JSON line per event (`level`, ISO `time`, `msg`, and the
 * event's fields: `requestId`, `scanId`, `phase`, `route`, ...), written through `write` (stderr for
 * `pnpm serve`, so stdout keeps its human start-up lines). Only ids, names, codes and numbers are logged as
 * fields; free text (messages, errors) is redacted of URLs, emails, query strings, API keys and cookies.
 */
export function createServeLogger(input: { level: LogLevel; write: (line: string) => void; role: string }): Logger {
  return pino(
    {
      level: input.level,
      base: { role: input.role },
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      serializers: { err: serializeError, error: serializeError },
      hooks: {
        // Every string argument (the message and its interpolations) is redacted before it is formatted.
        logMethod(args, method) {
          const redacted = args.map((arg: unknown) => (typeof arg === "string" ? redactLogText(arg) : arg)) as Parameters<typeof method>;
          method.apply(this, redacted);
        },
      },
    },
    { write: input.write },
  );
}
