// Loaded by Node itself in the bundle test's child process (types stripped): erasable TypeScript only.
import { Writable } from "node:stream";

/** The mark the runtime reads to call a handler as a streaming one (`handler[mark] === "response"`). */
export const STREAMING_MARK = Symbol.for("aws.lambda.runtime.handler.streaming");
/** The content type HttpResponseStream.from gives the stream: the HTTP integration's metadata prelude. */
export const PRELUDE_CONTENT_TYPE = "application/vnd.awslambda.http-integration-response";

/**
 * The `awslambda` global of the Node.js runtime, as its source defines it before loading the function
 * (aws-lambda-nodejs-runtime-interface-client: src/utils/globals.ts, src/stream/http-response-stream.ts):
 * streamifyResponse marks the handler and returns it; HttpResponseStream.from sets the prelude content type
 * and arranges for the metadata (JSON) and eight NUL bytes to be written right before the first write.
 * Read from that source, not run against Lambda.
 */
export function installAwsLambdaGlobal(): void {
  (globalThis as { awslambda?: unknown }).awslambda = {
    streamifyResponse: (handler: Record<symbol, unknown>) => {
      handler[STREAMING_MARK] = "response";
      return handler;
    },
    HttpResponseStream: {
      from: (stream: RecordingResponseStream, prelude: Record<string, unknown>) => {
        stream.setContentType(PRELUDE_CONTENT_TYPE);
        stream.beforeFirstWrite = (write) => {
          write(JSON.stringify(prelude));
          write(new Uint8Array(8));
        };
        return stream;
      },
    },
  };
}

type Write = (chunk: string | Uint8Array) => void;

/**
 * The response stream the runtime hands a streaming handler, reduced to what a handler can observe: a
 * Writable with setContentType (refused after the first write) whose first write runs the hook
 * HttpResponseStream.from installed (the runtime's `_onBeforeFirstWrite`). It records the bytes instead of
 * sending them to the Runtime API.
 */
export interface RecordingResponseStream extends Writable {
  setContentType(contentType: string): void;
  beforeFirstWrite: ((write: Write) => void) | undefined;
  readonly recorded: Promise<{ contentType: string | undefined; bytes: Buffer }>;
}

export function createRecordingResponseStream(): RecordingResponseStream {
  const chunks: Buffer[] = [];
  let contentType: string | undefined;
  let written = false;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  const write = sink.write.bind(sink) as (chunk: string | Uint8Array) => boolean;
  const recorded = new Promise<{ contentType: string | undefined; bytes: Buffer }>((resolve, reject) => {
    sink.once("finish", () => resolve({ contentType, bytes: Buffer.concat(chunks) }));
    sink.once("error", reject);
  });
  const stream = Object.assign(sink, {
    beforeFirstWrite: undefined as ((write: Write) => void) | undefined,
    recorded,
    setContentType(type: string) {
      if (written) throw new Error("Cannot set content-type, too late.");
      contentType = type;
    },
  });
  stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    if (!written) {
      written = true;
      stream.beforeFirstWrite?.((first) => void write(first));
    }
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof stream.write;
  return stream;
}
