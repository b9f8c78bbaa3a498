import { hostOf, toVisitMs, type Classification, type GoogleConsent, type RequestObservation, type ResourceType } from "@public-scan/core";
import type { Protocol } from "puppeteer-core";
import type { AttachedTarget } from "../visit/attach-targets.js";
import type { Collector, CollectorContext } from "./collector.js";
import { initiatorHost, toResourceType } from "./to-resource-type.js";
import { OBSERVE_ONLY_NETWORK } from "./observe-only-network.js";
import { decodeGoogleConsent } from "../consent-mode/decode-google-consent.js";

/** One request as held while the scan runs: host-level facts only; the URL is classified and dropped. */
interface PendingRequest {
  host: string;
  resourceType: ResourceType;
  initiatorHost: string | null;
  status: number | null;
  trackerListed: boolean;
  classification: Classification;
  /** When the request was sent (`Date.now()`), to tell a phase's requests from the ones before it. */
  at: number;
  /** A Google measurement hit's consent state (Consent Mode), decoded from its URL before the URL is dropped. */
  googleConsent: GoogleConsent | null;
}

/**
 * Every request of every target (documents, subresources, XHR and fetch, beacons and pings, websockets),
 * aggregated by host, type, initiator host and status. No path, query string or body is kept.
 */
export function createRequestCollector(options: {
  classifier: CollectorContext["classifier"];
  siteUrl: () => string;
}): Collector<RequestObservation[]> {
  const requests = new Map<string, PendingRequest>();
  const done: PendingRequest[] = [];

  const record = (key: string, event: RequestEvent, subframe: boolean) => {
    const pending = toPendingRequest(event, { ...options, subframe });
    if (pending !== null) requests.set(key, pending);
  };

  const attach = async (target: AttachedTarget) => {
    if (target.kind === "other") return;
    const { session } = target;
    const prefix = `${session.id()}:`;
    let topFrameId: string | null = null;
    if (target.kind === "page" || target.kind === "iframe") {
      const tree = await session.send("Page.getFrameTree").catch(() => null);
      topFrameId = tree?.frameTree.frame.id ?? null;
    }
    session.on("Network.requestWillBeSent", (event: Protocol.Network.RequestWillBeSentEvent) => {
      const key = prefix + event.requestId;
      if (event.redirectResponse) {
        // The same id continues after a redirect: close the previous hop with its status.
        const previous = requests.get(key);
        if (previous) done.push({ ...previous, status: event.redirectResponse.status });
      }
      const subframe = target.kind === "iframe" || (event.frameId !== undefined && topFrameId !== null && event.frameId !== topFrameId);
      record(key, { url: event.request.url, type: event.type, initiator: event.initiator }, subframe);
    });
    session.on("Network.responseReceived", (event: Protocol.Network.ResponseReceivedEvent) => {
      const pending = requests.get(prefix + event.requestId);
      if (pending) pending.status = event.response.status;
    });
    session.on("Network.webSocketCreated", (event: Protocol.Network.WebSocketCreatedEvent) => {
      record(prefix + event.requestId, { url: event.url, type: "WebSocket", initiator: event.initiator }, false);
    });
    session.on("Network.webSocketHandshakeResponseReceived", (event: Protocol.Network.WebSocketHandshakeResponseReceivedEvent) => {
      const pending = requests.get(prefix + event.requestId);
      if (pending) pending.status = event.response.status;
    });
    await session.send("Network.enable", OBSERVE_ONLY_NETWORK);
  };

  return {
    id: "requests",
    budgetMs: 2000,
    attach,
    collect(context) {
      return Promise.resolve(aggregateRequests([...done, ...requests.values()], context));
    },
    count: (result) => result.reduce((sum, request) => sum + request.count, 0),
  };
}

/** The URL, CDP type and initiator of a request or websocket, as the collector sees it once. */
type RequestEvent = { url: string; type?: string; initiator?: Protocol.Network.Initiator };

/** A request classified on the spot, keeping host-level facts only: the URL itself is dropped here. */
function toPendingRequest(
  event: RequestEvent,
  options: { classifier: CollectorContext["classifier"]; siteUrl: () => string; subframe: boolean },
): PendingRequest | null {
  const resourceType = toResourceType(event.type, options.subframe);
  const host = hostOf(event.url);
  if (resourceType === null || host === null) return null;
  const { trackerListed, classification } = options.classifier.classifyRequest({
    url: event.url,
    resourceType,
    documentUrl: options.siteUrl(),
  });
  return {
    host,
    resourceType,
    initiatorHost: initiatorHost(event.initiator),
    status: null,
    trackerListed,
    classification,
    at: Date.now(),
    googleConsent: decodeGoogleConsent(event.url, host),
  };
}

/**
 * The phase's requests (those from `windowStartMs` on), grouped by host, type, initiator host, status and
 * whether the egress proxy refused the host (and, for a Google hit, its consent state), with a count and, given
 * the visit's start, the group's first time.
 */
function aggregateRequests(pending: readonly PendingRequest[], context: CollectorContext): RequestObservation[] {
  const siteHost = context.siteHost();
  const groups = new Map<string, RequestObservation>();
  const since = context.windowStartMs ?? 0;
  for (const request of pending) {
    if (request.at < since) continue;
    // The proxy answers a refused plain-HTTP request itself (403), so that status is not the host's.
    const refused = context.refusedHosts.has(request.host);
    if (refused) request.status = null;
    const consent = request.googleConsent;
    // A hit sent in another consent state is another group: each group says the state its requests carried.
    const consentKey =
      consent === null
        ? ""
        : `${consent.consentMode}${consent.adStorage}${consent.analyticsStorage}${consent.adUserData}${consent.adPersonalization}`;
    const key = [request.host, request.resourceType, request.initiatorHost, request.status, refused, consentKey].join("|");
    const firstSeenMs = context.visitStartedAt === undefined ? undefined : toVisitMs(request.at, context.visitStartedAt);
    const existing = groups.get(key);
    if (existing) {
      existing.count += 1;
      existing.trackerListed ||= request.trackerListed;
      if (firstSeenMs !== undefined && (existing.firstSeenMs === undefined || firstSeenMs < existing.firstSeenMs))
        existing.firstSeenMs = firstSeenMs;
      continue;
    }
    groups.set(key, {
      host: request.host,
      registrableDomain: context.classifier.registrableDomainOf(request.host),
      party: context.classifier.partyOf({ host: request.host, siteHost }),
      resourceType: request.resourceType,
      initiatorHost: request.initiatorHost,
      status: request.status,
      refused,
      count: 1,
      phase: context.phase,
      trackerListed: request.trackerListed,
      classification: request.classification,
      ...(firstSeenMs === undefined ? {} : { firstSeenMs }),
      ...(consent === null ? {} : { googleConsent: { ...consent } }),
    });
  }
  return [...groups.values()];
}
