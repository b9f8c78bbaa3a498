import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStdioBridge } from "../src/stdio/index.js";
import { createTestMcp } from "./support/create-test-mcp.js";

/**
 * The local server's core over an in-memory pipe (the stdio transport itself is exercised by the reference
 * server's test): the same tools and the same answers as the hosted /mcp it forwards to, with the key.
 */
describe("the local stdio server's bridge to the hosted tools", () => {
  let mcp: Awaited<ReturnType<typeof createTestMcp>>;
  const bridges: Array<ReturnType<typeof createStdioBridge>> = [];
  const clients: Client[] = [];

  beforeAll(async () => {
    mcp = await createTestMcp();
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await Promise.all(bridges.map((bridge) => bridge.close()));
    await mcp.close();
  });

  /** A host connected to a bridge over an in-memory pipe; the bridge forwards to the test's /mcp unless told otherwise. */
  const connectLocal = async (apiKey: string, bridgeOptions: { baseUrl?: string; fetch?: typeof fetch } = {}) => {
    const bridge = createStdioBridge({ baseUrl: mcp.origin, apiKey, version: "0.0.0-test", ...bridgeOptions });
    bridges.push(bridge);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await bridge.server.connect(serverSide);
    const client = new Client({ name: "host", version: "1" });
    await client.connect(clientSide);
    clients.push(client);
    return client;
  };

  it("keeps the base URL's path prefix: it forwards to {baseUrl}/mcp, not to the origin's /mcp", async () => {
    const asked: string[] = [];
    // A proxy in front of the deployment that serves it under /scan-service.
    const proxy: typeof fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      asked.push(url.pathname);
      return fetch(new URL(url.pathname.replace(/^\/scan-service/, "") + url.search, mcp.origin), init);
    };
    const client = await connectLocal(await mcp.issueKey("self_serve"), { baseUrl: `${mcp.origin}/scan-service/`, fetch: proxy });
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((path) => path === "/scan-service/mcp")).toBe(true);
  });

  it("lists the hosted tools the key's scopes open, each marked with its local scope", async () => {
    const reader = await mcp.issueKey("self_serve");
    const local = await connectLocal(reader);
    const hosted = await mcp.connect("http", { surface: "hosted", token: reader });
    clients.push(hosted);
    const localTools = (await local.listTools()).tools;
    const hostedTools = (await hosted.listTools()).tools;
    expect(localTools.map((tool) => tool.name)).toEqual(hostedTools.map((tool) => tool.name));
    expect(localTools.map(({ _meta: _ignored, ...tool }) => tool)).toEqual(hostedTools.map(({ _meta: _ignored, ...tool }) => tool));
    expect(localTools.every((tool) => tool._meta?.["public-scan/localScope"] === "pulse:read")).toBe(true);
    expect(localTools.map((tool) => tool.name)).not.toContain("service_scan_site");

    const creator = await connectLocal(await mcp.issueKey("support", ["mcp", "scan:read", "scan:create"]));
    const scanTool = (await creator.listTools()).tools.find((tool) => tool.name === "service_scan_site");
    expect(scanTool?._meta?.["public-scan/localScope"]).toBe("pulse:scan");
  });

  it("answers a tool call exactly as /mcp does for the same scan, with progress on the way", async () => {
    const key = await mcp.issueKey("support", ["mcp", "scan:read", "scan:create"]);
    const local = await connectLocal(key);
    const progress: number[] = [];
    const scanned = await local.callTool({ name: "service_scan_site", arguments: { url: "https://bridge.example/" } }, undefined, {
      onprogress: (update) => progress.push(update.progress),
    });
    expect(scanned.isError ?? false).toBe(false);
    const scanId = (scanned.structuredContent as { scanId: string }).scanId;
    const hosted = await mcp.connect("http", { surface: "hosted", token: key });
    clients.push(hosted);
    for (const name of ["service_get_scan", "service_list_findings", "service_get_pre_consent_cookies_trackers"]) {
      const viaLocal = await local.callTool({ name, arguments: { scanId } });
      const viaHosted = await hosted.callTool({ name, arguments: { scanId } });
      expect(viaLocal.structuredContent, name).toEqual(viaHosted.structuredContent);
    }
    expect(progress.length).toBeGreaterThan(0);
  });

  it("passes the deployment's refusals through: a wrong key cannot list tools", async () => {
    const local = await connectLocal("svc_ro_notakeyatall0000000000000000000");
    await expect(local.listTools()).rejects.toThrow();
  });
});
