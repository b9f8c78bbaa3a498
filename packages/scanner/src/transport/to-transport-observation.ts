import type { CookieObservation, NavigationObservation, TransportObservation, TransportStep } from "@public-scan/core";
import type { HttpProbeResult } from "./probe-http.js";
import type { TlsProbeResult } from "./probe-tls.js";
import type { TransportProbeResult } from "./probe-transport.js";
import type { BrowserTransport } from "./transport-collector.js";

export interface TransportInputs {
  /** The target's host, for when the probe did not run. */
  targetHost: string;
  /** Null when the probe could not run at all. */
  probe: TransportProbeResult | null;
  /** The browser collector's result and how it fared. */
  browser: { result: BrowserTransport | null; status: "ok" | "failed" | "timed_out" | "skipped"; reason: string | null };
  navigation: NavigationObservation;
  /** The pre-consent cookies, or null when the cookie collector failed. */
  cookies: readonly CookieObservation[] | null;
}

/**
 * Puts the probe's and the browser's facts into one observation. Each fact comes from the source that
 * can know it, and is null (with the step saying why) when that source did not deliver: the probe decides
 * HTTPS and HTTP availability and the redirect, the browser the final document's headers, certificate and
 * mixed content, the cookie collector the cookies without `Secure`.
 */
export function toTransportObservation(inputs: TransportInputs): TransportObservation {
  const { probe, browser } = inputs;
  const tlsProbe = probe === null ? { status: "failed" as const, reason: "probe_not_run" } : tlsStep(probe.tls);
  const httpProbe = probe === null ? { status: "failed" as const, reason: "probe_not_run" } : httpStep(probe.http);
  const document = browser.result?.document ?? null;
  const browserStep: TransportStep =
    browser.status !== "ok"
      ? { status: browser.status, reason: browser.reason }
      : document === null
        ? { status: "skipped", reason: "no_document" }
        : { status: "ok", reason: null };
  const steps = { tlsProbe, httpProbe, browser: browserStep };
  const observed = Object.values(steps).filter((step) => step.status === "ok").length;
  const problem = Object.values(steps).find((step) => step.status !== "ok" && step.status !== "skipped");

  const finalUrl = inputs.navigation.finalUrl === null ? null : URL.parse(inputs.navigation.finalUrl);
  const finalScheme = document?.scheme ?? (finalUrl?.protocol === "https:" ? "https" : finalUrl?.protocol === "http:" ? "http" : null);
  const secureDocument = document?.scheme === "https";
  const tls = probe?.tls;
  const http = probe?.http;

  return {
    status: problem === undefined ? "ok" : observed === 0 ? "failed" : "partial",
    reason: problem !== undefined && observed === 0 ? problem.reason : null,
    steps,
    host: probe?.host ?? inputs.targetHost,
    finalScheme,
    httpsAvailable: tls?.kind === "handshake" ? true : tls?.kind === "refused_by_peer" ? false : null,
    httpAvailable: http?.kind === "answered" ? true : http?.kind === "refused_by_peer" ? false : null,
    httpRedirectsToHttps: http?.kind === "answered" ? http.redirectsToHttps : null,
    browserCertificateError: browser.result?.certificateError ?? null,
    hsts: document?.hsts ?? null,
    certificate: {
      browser: document?.certificate ?? null,
      probe: tls?.kind === "handshake" ? tls.certificate : null,
    },
    mixedContent: secureDocument && browser.result !== null ? browser.result.mixedContent : null,
    cookiesWithoutSecure:
      secureDocument && inputs.cookies !== null
        ? inputs.cookies.filter((cookie) => cookie.blockedReasons === null && !cookie.secure).length
        : null,
    privacyHeaders: document?.privacyHeaders ?? null,
  };
}

/** The observation of a transport collection that broke as a whole: nothing observed, and it says so. */
export function toFailedTransportObservation(options: { host: string; reason: string }): TransportObservation {
  const failed = { status: "failed" as const, reason: options.reason };
  return {
    status: "failed",
    reason: options.reason,
    steps: { tlsProbe: failed, httpProbe: failed, browser: failed },
    host: options.host,
    finalScheme: null,
    httpsAvailable: null,
    httpAvailable: null,
    httpRedirectsToHttps: null,
    browserCertificateError: null,
    hsts: null,
    certificate: { browser: null, probe: null },
    mixedContent: null,
    cookiesWithoutSecure: null,
    privacyHeaders: null,
  };
}

function tlsStep(result: TlsProbeResult): TransportStep {
  switch (result.kind) {
    case "handshake":
      return { status: "ok", reason: null };
    case "refused_by_peer":
      // The peer answered "no TLS here": a fact, not missing evidence.
      return { status: "ok", reason: result.reason };
    case "refused":
      return { status: "refused", reason: result.reason };
    case "timed_out":
      return { status: "timed_out", reason: "probe_timeout" };
    case "failed":
      return { status: "failed", reason: result.reason };
  }
}

function httpStep(result: HttpProbeResult): TransportStep {
  switch (result.kind) {
    case "answered":
      return { status: "ok", reason: result.redirectsToHttps === null ? result.reason : null };
    case "refused_by_peer":
      return { status: "ok", reason: result.reason };
    case "refused":
      return { status: "refused", reason: result.reason };
    case "timed_out":
      return { status: "timed_out", reason: "probe_timeout" };
    case "failed":
      return { status: "failed", reason: result.reason };
  }
}
