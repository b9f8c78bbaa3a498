import type { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSessionEventStore } from "../src/create-session-event-store.js";
import { createSessionRegistry } from "../src/create-session-registry.js";
import { createTestMcp } from "./support/create-test-mcp.js";
import { SCAN_TOOL_NAMES } from "./support/scan-tool-names.js";

describe("MCP sessions over HTTP (sessions on)", () => {
  let mcp: Awaited<ReturnType<typeof createTestMcp>>;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    mcp = await createTestMcp({ sessions: true });
    alice = await mcp.issueKey("support", ["scan:read", "scan:create", "mcp"]);
    bob = await mcp.issueKey("support", ["scan:read", "mcp"]);
  });
  afterAll(() => mcp.close());
  const raw = (method: string, headers: Record<string, string>, body?: unknown) =>
    fetch(`${mcp.origin}/mcp`, {
      method,
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-06-18",
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  /** A session opened by hand (initialize, then initialized), so no SDK client holds its one GET stream. */
  const openRawSession = async (token: string) => {
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    };
    const opened = await raw("POST", { authorization: `Bearer ${token}` }, initialize);
    const sessionId = opened.headers.get("mcp-session-id")!;
    await opened.body?.cancel();
    const headers = { authorization: `Bearer ${token}`, "mcp-session-id": sessionId };
    await raw("POST", headers, { jsonrpc: "2.0", method: "notifications/initialized" });
    return { sessionId, headers };
  };

  it("opens a session, streams progress notifications while the scan tool waits, and keeps the session for later calls", async () => {
    const client = await mcp.connect("http", { surface: "hosted", token: alice });
    const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const progress: number[] = [];
    const result = (await client.callTool({ name: "service_scan_site", arguments: { url: "https://www.sessions.example/" } }, undefined, {
      onprogress: (update) => progress.push(update.progress),
    })) as CallToolResult;
    expect(result.structuredContent).toMatchObject({ status: "completed" });
    expect(progress.length).toBeGreaterThan(0);
    expect((await client.listTools()).tools).toHaveLength(SCAN_TOOL_NAMES.length);
  });

  it("refuses another caller's session id as unknown (404), opens a GET stream for its owner, and ends it with DELETE", async () => {
    const { sessionId } = await openRawSession(alice);
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const list = { jsonrpc: "2.0", id: 7, method: "tools/list", params: {} };
    expect((await raw("POST", { authorization: `Bearer ${bob}`, "mcp-session-id": sessionId }, list)).status).toBe(404);
    // The stream opens at once, with an SSE comment as its first bytes, not at the first keep-alive 15 s later
    // (Node sends a response's headers with its first bytes); 5 s leaves room for a loaded machine.
    const opened = async () => {
      const stream = await raw("GET", { authorization: `Bearer ${alice}`, "mcp-session-id": sessionId, accept: "text/event-stream" });
      const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
      return { stream, reader, first: await reader.read() };
    };
    const open = await Promise.race([opened(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000))]);
    expect(open, "the GET stream sent nothing within 5 s").not.toBeNull();
    expect(open!.stream.status).toBe(200);
    expect(open!.stream.headers.get("content-type")).toContain("text/event-stream");
    expect(open!.first.value).toMatch(/^: /);
    await open!.reader.cancel();
    expect((await raw("DELETE", { authorization: `Bearer ${alice}`, "mcp-session-id": sessionId })).status).toBe(200);
    expect((await raw("POST", { authorization: `Bearer ${alice}`, "mcp-session-id": sessionId }, list)).status).toBe(404);
  }, 60_000);

  it("resumes a dropped tool-call stream: a GET with Last-Event-ID replays what the client missed, the result included", async () => {
    const { headers: session } = await openRawSession(alice);
    const call = {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: {
        name: "service_scan_site",
        arguments: { url: "https://www.resume.example/", waitSeconds: 10 },
        _meta: { progressToken: "p1" },
      },
    };
    const posted = await raw("POST", session, call);
    // The client reads the first event, then its connection drops.
    const reader = posted.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!/\n\n/.test(text)) text += (await reader.read()).value ?? "";
    await reader.cancel();
    const firstId = /^id: (\S+)$/m.exec(text)?.[1];
    expect(firstId).toBeDefined();

    // The server learns of the drop when its side of the connection closes: until then the stream is still
    // live (409), so the reconnection is retried, within a bound, as a client backs off and retries.
    const resume = () => raw("GET", { ...session, accept: "text/event-stream", "last-event-id": firstId! });
    let resumed = await resume();
    for (let attempt = 0; attempt < 100 && resumed.status === 409; attempt += 1) {
      await resumed.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 50));
      resumed = await resume();
    }
    expect(resumed.status).toBe(200);
    const replay = resumed.body!.pipeThrough(new TextDecoderStream()).getReader();
    let replayed = "";
    // Until the call's result (id 2) has been replayed; bounded by the test's timeout.
    while (!/"id":2[,}]/.test(replayed)) replayed += (await replay.read()).value ?? "";
    await replay.cancel();
    expect(replayed).not.toContain(`id: ${firstId}\n`);
    const result = replayed
      .split("\n")
      .filter((line) => line.startsWith("data: "))
      .map((line) => JSON.parse(line.slice(6)) as { id?: number; result?: { structuredContent?: { status?: string } } })
      .find((message) => message.id === 2);
    expect(result?.result?.structuredContent?.status).toBe("completed");

    // An event id of no event of this session names nothing.
    const unknown = await raw("GET", { ...session, accept: "text/event-stream", "last-event-id": "forged.1" });
    expect(unknown.status).toBe(400);
    await unknown.body?.cancel();
  }, 60_000);

  it("still authenticates every request of a session", async () => {
    const client = await mcp.connect("http", { surface: "hosted", token: alice });
    const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId!;
    expect((await raw("POST", { "mcp-session-id": sessionId }, { jsonrpc: "2.0", id: 1, method: "tools/list" })).status).toBe(401);
  });
});

describe("createSessionRegistry", () => {
  const transport = () => ({ close: () => Promise.resolve() }) as never;
  it("closes sessions idle too long, and the least recently used beyond the cap", () => {
    let now = 0;
    const registry = createSessionRegistry({ idleMs: 1000, max: 2 }, () => now);
    registry.add("a", { transport: transport(), owner: "x", group: "x" });
    registry.add("b", { transport: transport(), owner: "x", group: "x" });
    now = 500;
    expect(registry.use("a", "x")).not.toBeNull();
    registry.add("c", { transport: transport(), owner: "x", group: "x" });
    // "b" was the least recently used when "c" made three.
    expect(registry.use("b", "x")).toBeNull();
    expect(registry.use("a", "y")).toBeNull();
    now = 1400;
    expect(registry.use("a", "x")).not.toBeNull();
    now = 2500;
    expect(registry.use("c", "x")).toBeNull();
    expect(registry.size).toBe(0);
  });

  it("caps each caller group, closing only that group's least recently used: a flood does not push out others", () => {
    const registry = createSessionRegistry({ max: 1000, maxPerGroup: 3 });
    registry.add("victim", { transport: transport(), owner: "ip:198.51.100.7", group: "network:198.51.100.0/24" });
    for (let i = 0; i < 1000; i += 1) {
      registry.add(`flood-${i}`, { transport: transport(), owner: `ip:203.0.113.${i % 250}`, group: "network:203.0.113.0/24" });
    }
    expect(registry.size).toBe(4);
    expect(registry.use("victim", "ip:198.51.100.7")).not.toBeNull();
    expect(registry.use("flood-0", "ip:203.0.113.0")).toBeNull();
    expect(registry.use("flood-999", "ip:203.0.113.249")).not.toBeNull();
  });
});

describe("createSessionEventStore", () => {
  const message = (id: number, pad = "") => ({ jsonrpc: "2.0" as const, method: "notifications/progress", params: { id, pad } });
  const replayAfter = async (store: ReturnType<typeof createSessionEventStore>, eventId: string) => {
    const sent: string[] = [];
    const streamId = await store.replayEventsAfter(eventId, { send: (id) => Promise.resolve(void sent.push(id)) });
    return { streamId, sent };
  };

  it("replays only the same stream's later events, in order", async () => {
    const store = createSessionEventStore();
    const a1 = await store.storeEvent("a", message(1));
    await store.storeEvent("b", message(2));
    const a3 = await store.storeEvent("a", message(3));
    const a4 = await store.storeEvent("a", message(4));
    expect(await replayAfter(store, a1)).toEqual({ streamId: "a", sent: [a3, a4] });
    expect(await store.getStreamIdForEventId?.(a3)).toBe("a");
  });

  it("keeps at most maxEvents and maxBytes, dropping the oldest, and refuses an id it no longer has", async () => {
    const store = createSessionEventStore({ maxEvents: 3, maxBytes: 10_000 });
    const ids = [];
    for (let index = 0; index < 5; index += 1) ids.push(await store.storeEvent("a", message(index)));
    await expect(replayAfter(store, ids[1]!)).rejects.toThrow(/Unknown or expired/);
    expect((await replayAfter(store, ids[2]!)).sent).toEqual([ids[3], ids[4]]);
    const small = createSessionEventStore({ maxBytes: 3000 });
    const first = await small.storeEvent("a", message(0, "x".repeat(2000)));
    await small.storeEvent("a", message(1, "x".repeat(2000)));
    expect(await small.getStreamIdForEventId?.(first)).toBeUndefined();
  });

  it("names events with a random part per store: one session's id is unknown to another", async () => {
    const one = createSessionEventStore();
    const other = createSessionEventStore();
    const id = await one.storeEvent("a", message(1));
    await other.storeEvent("a", message(1));
    expect(await other.getStreamIdForEventId?.(id)).toBeUndefined();
  });
});
