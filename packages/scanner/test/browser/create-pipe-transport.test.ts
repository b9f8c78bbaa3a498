import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { createPipeTransport, type OversizedMessage } from "../../src/browser/create-pipe-transport.js";

/** A transport over in-memory pipes, with every delivered message and every oversized report. */
function pipe(maxMessageBytes: number) {
  const toBrowser = new PassThrough();
  const fromBrowser = new PassThrough();
  const delivered: string[] = [];
  const oversized: OversizedMessage[] = [];
  const transport = createPipeTransport(toBrowser, fromBrowser, { maxMessageBytes, onOversized: (message) => oversized.push(message) });
  transport.onmessage = (message) => delivered.push(message);
  /** Writes the chunks, then waits for the deliveries (each on a later turn). */
  const send = async (...chunks: Array<string | Buffer>) => {
    for (const chunk of chunks) fromBrowser.write(chunk);
    await new Promise((resolve) => setTimeout(resolve, 20));
  };
  return { transport, delivered, oversized, send, toBrowser };
}

describe("createPipeTransport", () => {
  it("delivers NUL-ended messages split anywhere across chunks, in order", async () => {
    const { delivered, oversized, send } = pipe(1024);
    await send('{"id":1,"res', 'ult":{}}\0{"method":"A.b","params":{}}\0{"id"', ":2}\0");
    expect(delivered).toEqual(['{"id":1,"result":{}}', '{"method":"A.b","params":{}}', '{"id":2}']);
    expect(oversized).toEqual([]);
  });

  it("drops an event over the cap unread, names its session and method, and goes on with the next message", async () => {
    const { delivered, oversized, send } = pipe(1024);
    const huge = `{"method":"Runtime.consoleAPICalled","params":{"args":[{"value":"${"A".repeat(5000)}"}]},"sessionId":"5E55ABCD"}`;
    // Sent in pieces, as a pipe delivers it: no piece alone crosses the cap.
    await send(huge.slice(0, 600), huge.slice(600, 1500), huge.slice(1500), "\0", '{"id":3}\0');
    expect(oversized).toEqual([{ bytes: huge.length, sessionId: "5E55ABCD", id: null, method: "Runtime.consoleAPICalled" }]);
    expect(delivered).toEqual(['{"id":3}']);
  });

  it("answers a command whose answer is over the cap with a protocol error, so its caller does not wait", async () => {
    const { delivered, oversized, send } = pipe(256);
    await send(`{"id":42,"result":{"result":{"value":"${"x".repeat(2000)}"}},"sessionId":"AB12"}\0`);
    expect(oversized).toEqual([{ bytes: expect.any(Number) as number, sessionId: "AB12", id: 42, method: null }]);
    expect(delivered).toHaveLength(1);
    const answer = JSON.parse(delivered[0]!) as { id: number; sessionId: string; error: { message: string } };
    expect(answer).toMatchObject({ id: 42, sessionId: "AB12" });
    expect(answer.error.message).toMatch(/longer than 256 bytes/);
  });

  it("never holds more than the cap of one message (a flood of giant messages costs no memory)", async () => {
    const { delivered, oversized, send } = pipe(64 * 1024);
    const block = Buffer.alloc(1024 * 1024, 0x61);
    for (let i = 0; i < 8; i += 1)
      await send(Buffer.from('{"method":"Network.webSocketFrameReceived","params":"'), block, block, Buffer.from('"}\0'));
    expect(oversized).toHaveLength(8);
    expect(oversized.every((message) => message.bytes > 2 * 1024 * 1024 && message.sessionId === null)).toBe(true);
    expect(delivered).toEqual([]);
  });

  it("writes each outgoing message followed by a NUL, and nothing after close", () => {
    const { transport, toBrowser } = pipe(1024);
    transport.send('{"id":1}');
    transport.close();
    transport.send('{"id":2}');
    expect(String(toBrowser.read())).toBe('{"id":1}\0');
  });
});
