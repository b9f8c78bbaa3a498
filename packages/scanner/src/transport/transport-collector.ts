import {
  hostOf,
  type BrowserCertificateError,
  type CertificateSummary,
  type Hsts,
  type MixedContent,
  type PrivacyHeaders,
} from "@public-scan/core";
import type { Protocol } from "puppeteer-core";
import type { Collector } from "../collectors/collector.js";
import type { AttachedTarget } from "../visit/attach-targets.js";
import { fromSecurityDetails } from "./summarize-certificate.js";
import { lowerCaseHeaders, toPrivacyHeaders } from "./to-privacy-headers.js";
import { parseHstsHeader } from "./parse-hsts-header.js";
import { toBrowserCertificateError } from "./to-browser-certificate-error.js";
import { toMixedContentResourceType } from "./to-mixed-content-resource-type.js";
import { OBSERVE_ONLY_NETWORK } from "../collectors/observe-only-network.js";

/** What the browser saw of the visit's transport, already minimised. */
export interface BrowserTransport {
  /** The final main document; null when none arrived (refused, certificate error, timeout). */
  document: {
    scheme: "https" | "http";
    /** Null for an HTTP document: browsers ignore HSTS there. */
    hsts: Hsts | null;
    privacyHeaders: PrivacyHeaders;
    /** Null for an HTTP document, or when the security details could not be read. */
    certificate: CertificateSummary | null;
  } | null;
  /** The main document failed for its certificate, and no document came after. */
  certificateError: BrowserCertificateError | null;
  mixedContent: MixedContent;
}

/** One main-frame document response as held during the visit; the URL is used for its host and scheme only. */
interface DocumentResponse {
  url: string;
  headers: Protocol.Network.Headers;
  securityDetails: Protocol.Network.SecurityDetails | undefined;
  sequence: number;
}

const RESOLUTIONS = {
  MixedContentBlocked: "blocked",
  MixedContentAutomaticallyUpgraded: "upgraded",
  MixedContentWarning: "allowed",
} as const;
/** Distinct insecure URLs remembered for de-duplication; a page that makes more is counted no further. */
const MAX_DISTINCT = 5000;
const MAX_ITEMS = 50;

/**
 * The browser side of transport security. On the page target: the main frame's document responses (the
 * last one is the final document: its headers for HSTS and the privacy headers, its TLS security details
 * for the certificate) and a certificate error that stopped it. On the page and every iframe: Chromium's
 * mixed-content issues (Audits), which say what the browser did with each http: subresource of an HTTPS
 * page (blocked, upgraded, allowed), also for requests it never sent. An issue is reported once per
 * request attempt (the preload scanner and the parser both try), so they are counted per distinct URL.
 */
export function createTransportCollector(): Collector<BrowserTransport> {
  let mainSessionId: string | null = null;
  let mainFrameId: string | null = null;
  let sequence = 0;
  let lastDocument: DocumentResponse | null = null;
  let lastFailure: { errorText: string; sequence: number } | null = null;
  const documentRequests = new Set<string>();
  const mixed = createMixedContentTally();

  const watchMainFrame = async (target: AttachedTarget) => {
    const { session } = target;
    const tree = await session.send("Page.getFrameTree").catch(() => null);
    mainFrameId = tree?.frameTree.frame.id ?? null;
    const isMain = (frameId: string | undefined) => mainFrameId === null || frameId === mainFrameId;
    session.on("Network.requestWillBeSent", (event: Protocol.Network.RequestWillBeSentEvent) => {
      if (event.type === "Document" && isMain(event.frameId)) documentRequests.add(event.requestId);
    });
    session.on("Network.responseReceived", (event: Protocol.Network.ResponseReceivedEvent) => {
      if (event.type !== "Document" || !isMain(event.frameId)) return;
      lastDocument = {
        url: event.response.url,
        headers: event.response.headers,
        securityDetails: event.response.securityDetails,
        sequence: ++sequence,
      };
    });
    session.on("Network.loadingFailed", (event: Protocol.Network.LoadingFailedEvent) => {
      // Only certificate errors: a later abort (the visitor's next navigation) must not hide one.
      if (documentRequests.has(event.requestId) && toBrowserCertificateError(event.errorText) !== null)
        lastFailure = { errorText: event.errorText, sequence: ++sequence };
    });
    await session.send("Network.enable", OBSERVE_ONLY_NETWORK);
  };

  return {
    id: "transport",
    budgetMs: 2000,
    async attach(target) {
      if (target.kind !== "page" && target.kind !== "iframe") return;
      // The first page target is the scan's own page (attachTargets announces it before any child).
      if (target.kind === "page" && mainSessionId === null) {
        mainSessionId = target.session.id();
        await watchMainFrame(target);
      }
      target.session.on("Audits.issueAdded", mixed.onIssue);
      await target.session.send("Audits.enable");
    },
    collect() {
      // A certificate error counts only if no document arrived after it (a later navigation succeeded).
      const failure = lastFailure;
      const document = lastDocument;
      const failedLast = failure !== null && (document === null || failure.sequence > document.sequence);
      return Promise.resolve({
        document: toDocument(document, new Date()),
        certificateError: failedLast ? toBrowserCertificateError(failure.errorText) : null,
        mixedContent: mixed.summary(),
      });
    },
    count: (result) => (result.document === null ? 0 : 1) + result.mixedContent.items.length,
  };
}

/**
 * Chromium's mixed-content issues, counted once per distinct URL (the preload scanner and the parser both
 * report an attempt) and kept by host, type and what the browser did.
 */
function createMixedContentTally() {
  const seen = new Set<string>();
  const counts = new Map<string, MixedContent["items"][number]>();
  return {
    onIssue: (event: Protocol.Audits.IssueAddedEvent) => {
      const details = event.issue.details.mixedContentIssueDetails;
      if (event.issue.code !== "MixedContentIssue" || details === undefined) return;
      const resolution = RESOLUTIONS[details.resolutionStatus];
      const resourceType = toMixedContentResourceType(details.resourceType);
      const host = hostOf(details.insecureURL);
      const key = `${resolution} ${resourceType} ${details.insecureURL}`;
      if (host === null || seen.has(key) || seen.size >= MAX_DISTINCT) return;
      seen.add(key);
      const itemKey = `${resolution} ${resourceType} ${host}`;
      const item = counts.get(itemKey);
      if (item) item.count += 1;
      else counts.set(itemKey, { host, resourceType, resolution, count: 1 });
    },
    summary(): MixedContent {
      const items = [...counts.values()].sort((a, b) => b.count - a.count || a.host.localeCompare(b.host));
      const total = (resolution: "blocked" | "upgraded" | "allowed") =>
        items.filter((item) => item.resolution === resolution).reduce((sum, item) => sum + item.count, 0);
      return { blocked: total("blocked"), upgraded: total("upgraded"), allowed: total("allowed"), items: items.slice(0, MAX_ITEMS) };
    },
  };
}

function toDocument(response: DocumentResponse | null, now: Date): BrowserTransport["document"] {
  if (response === null) return null;
  const url = URL.parse(response.url);
  const host = hostOf(response.url);
  if (url === null || host === null || (url.protocol !== "https:" && url.protocol !== "http:")) return null;
  const secure = url.protocol === "https:";
  const headers = lowerCaseHeaders(response.headers);
  let certificate: CertificateSummary | null = null;
  if (secure && response.securityDetails !== undefined) {
    try {
      certificate = fromSecurityDetails(response.securityDetails, { host: url.hostname.replace(/^\[(.*)\]$/, "$1"), now });
    } catch {
      // Unreadable dates: the certificate stays unknown rather than wrong.
      certificate = null;
    }
  }
  return {
    scheme: secure ? "https" : "http",
    hsts: secure ? parseHstsHeader(headers.get("strict-transport-security")) : null,
    privacyHeaders: toPrivacyHeaders(response.headers),
    certificate,
  };
}
