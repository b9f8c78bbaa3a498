import { request, type IncomingMessage } from "node:http";
import { type EgressGuard, type EgressRefusal, normalizeHost } from "../network/index.js";
import type { ProbeTarget } from "./probe-target.js";
import { toConnectFailure, type ConnectFailure } from "./to-connect-failure.js";
import { checkWithin } from "./check-within.js";

export interface ProbeHttpOptions {
  target: ProbeTarget;
  guard: EgressGuard;
  userAgent: string;
  /** Longest wait for the whole probe, redirects included. */
  timeoutMs: number;
  signal?: AbortSignal;
}

/** Where plain HTTP leads: `redirectsToHttps` is null when a redirect was followed to a hop that did not answer. */
export type HttpProbeResult =
  | {
      kind: "answered";
      redirectsToHttps: boolean | null;
      reason: "redirects_to_https" | "serves_http" | "redirects_elsewhere" | "too_many_redirects" | "redirect_not_followed";
    }
  | ConnectFailure
  | { kind: "refused"; reason: EgressRefusal }
  | { kind: "timed_out" };

const MAX_HOPS = 5;

/**
 * Asks the target for `/` over plain HTTP, as a visitor who types the bare name does, and follows
 * plain-HTTP redirects by hand (at most 5, each host checked by the egress guard and connected to at the
 * pinned address) until one points to https. Only the status and `Location` are read: the body is
 * dropped, no cookie is sent and none is kept. Never throws.
 */
export async function probeHttp(options: ProbeHttpOptions): Promise<HttpProbeResult> {
  const deadline = Date.now() + options.timeoutMs;
  let target = options.target;
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    const decision = await checkWithin(options.guard, {
      target,
      timeoutMs: deadline - Date.now(),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (decision === "timed_out") return hop === 0 ? { kind: "timed_out" } : notFollowed();
    if (decision === null) return hop === 0 ? { kind: "failed", reason: "probe_error" } : notFollowed();
    if (!decision.allowed) return hop === 0 ? { kind: "refused", reason: decision.reason } : notFollowed();
    const reply = await get({ address: decision.address, port: decision.port, target, options, deadline });
    if (reply.kind !== "response") return hop === 0 ? reply : notFollowed();

    const location = reply.status >= 300 && reply.status < 400 ? reply.location : undefined;
    if (location === undefined) return { kind: "answered", redirectsToHttps: false, reason: "serves_http" };
    const next = URL.parse(location, `http://${authority(target)}/`);
    if (next?.protocol === "https:") return { kind: "answered", redirectsToHttps: true, reason: "redirects_to_https" };
    const host = next?.protocol === "http:" ? normalizeHost(next.hostname) : undefined;
    if (next === null || host === undefined) return { kind: "answered", redirectsToHttps: false, reason: "redirects_elsewhere" };
    target = { host, port: next.port === "" ? 80 : Number(next.port) };
  }
  return { kind: "answered", redirectsToHttps: false, reason: "too_many_redirects" };
}

const notFollowed = (): HttpProbeResult => ({ kind: "answered", redirectsToHttps: null, reason: "redirect_not_followed" });

type Reply = { kind: "response"; status: number; location: string | undefined } | ConnectFailure | { kind: "timed_out" };

function get(hop: { address: string; port: number; target: ProbeTarget; options: ProbeHttpOptions; deadline: number }): Promise<Reply> {
  const { options } = hop;
  return new Promise<Reply>((resolve) => {
    let settled = false;
    const outgoing = request({
      host: hop.address,
      port: hop.port,
      method: "GET",
      path: "/",
      // The visitor's host name and port, whatever address and port the guard pinned.
      headers: { host: authority(hop.target), "user-agent": options.userAgent, accept: "text/html,*/*;q=0.8" },
      agent: false,
    });
    const finish = (reply: Reply) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      outgoing.destroy();
      resolve(reply);
    };
    const onAbort = () => finish({ kind: "timed_out" });
    const timer = setTimeout(onAbort, Math.max(0, hop.deadline - Date.now()));
    if (options.signal?.aborted === true) onAbort();
    options.signal?.addEventListener("abort", onAbort, { once: true });
    outgoing.once("error", (error) => finish(toConnectFailure(error)));
    outgoing.once("response", (response: IncomingMessage) => {
      const location = response.headers.location;
      response.destroy();
      finish({ kind: "response", status: response.statusCode ?? 0, location });
    });
    outgoing.end();
  });
}

/** `host[:port]` as a Host header and a URL base write it (port 80 left out). */
function authority(target: ProbeTarget): string {
  return target.port === 80 ? target.host : `${target.host}:${target.port}`;
}
