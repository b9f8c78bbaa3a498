import type { CertificateSummary, TlsProtocol } from "@public-scan/core";
import { isIP } from "node:net";
import { checkServerIdentity, type PeerCertificate } from "node:tls";
import type { Protocol } from "puppeteer-core";

const PROTOCOLS: Readonly<Record<string, TlsProtocol>> = {
  "tls 1.3": "TLS 1.3",
  "tls 1.2": "TLS 1.2",
  "tls 1.1": "TLS 1.1",
  "tls 1.0": "TLS 1.0",
  "tls 1": "TLS 1.0",
  "ssl 3.0": "SSL 3.0",
  "ssl 3": "SSL 3.0",
  quic: "QUIC",
};

/** One spelling for a connection's protocol: Chromium's `TLS 1.3` and Node's `TLSv1.3` both become `TLS 1.3`. */
export function normalizeTlsProtocol(value: string | null | undefined): TlsProtocol | null {
  if (value === null || value === undefined || value.trim() === "") return null;
  const key = value
    .trim()
    .toLowerCase()
    .replace(/^(tls|ssl)v?\s*/, "$1 ");
  return PROTOCOLS[key] ?? "other";
}

const DAY_MS = 86_400_000;
const CIPHER = /^[A-Za-z0-9_.-]{1,80}$/;

export interface CertificateFacts {
  /** The host the certificate must name (no brackets for IPv6). */
  host: string;
  validFrom: Date;
  validTo: Date;
  /** The issuer's name as the source gives it; cleaned and cut here. */
  issuer: string | null;
  /** The subject's common name and its alternative names (`DNS:…` and `IP Address:…`, Node's format). */
  names: { commonName?: string; subjectAltName?: string };
  protocol: string | null;
  cipher: string | null;
  now: Date;
}

/**
 * A certificate and its connection, reduced to the summary a report may show. `daysToExpiry` is truncated
 * towards zero (5.9 days left is 5; expired 12.5 days ago is -12), and the name check is Node's own
 * `checkServerIdentity` (SAN first, wildcards in the left-most label only), so the browser's and the
 * probe's verdicts are made the same way.
 */
export function summarizeCertificate(facts: CertificateFacts): CertificateSummary {
  if (Number.isNaN(facts.validFrom.getTime()) || Number.isNaN(facts.validTo.getTime())) throw new Error("certificate dates unreadable");
  const now = facts.now.getTime();
  const cipher = facts.cipher?.trim() ?? "";
  return {
    validFrom: facts.validFrom.toISOString(),
    validTo: facts.validTo.toISOString(),
    daysToExpiry: Math.max(-100_000, Math.min(100_000, Math.trunc((facts.validTo.getTime() - now) / DAY_MS) || 0)),
    expired: now > facts.validTo.getTime(),
    notYetValid: now < facts.validFrom.getTime(),
    issuer: toIssuerLabel(facts.issuer),
    subjectMatchesHost: namesHost(facts.host, facts.names),
    protocol: normalizeTlsProtocol(facts.protocol),
    cipher: CIPHER.test(cipher) ? cipher : null,
  };
}

/** A CA's name, printable and short: control characters out, spaces collapsed, at most 64 characters. */
function toIssuerLabel(issuer: string | null): string | null {
  if (issuer === null) return null;
  // Control characters are exactly what must go (the lint rule flags them as likely typos).
  // eslint-disable-next-line no-control-regex
  const controls = /[\u0000-\u001f\u007f-\u009f]/g;
  const cleaned = issuer.replace(controls, " ").replace(/\s+/g, " ").trim();
  return cleaned === "" ? null : cleaned.slice(0, 64);
}

function namesHost(host: string, names: CertificateFacts["names"]): boolean {
  const subject = names.commonName === undefined ? {} : { CN: names.commonName };
  const peer = { subject, ...(names.subjectAltName === undefined ? {} : { subjectaltname: names.subjectAltName }) };
  // checkServerIdentity reads only the subject and subjectaltname of what it is given.
  return checkServerIdentity(isIP(host) === 0 ? host.toLowerCase() : host, peer as unknown as PeerCertificate) === undefined;
}

/** The browser's view of a response's certificate (CDP `Response.securityDetails`, dates in seconds), summarised. */
export function fromSecurityDetails(details: Protocol.Network.SecurityDetails, options: { host: string; now: Date }): CertificateSummary {
  return summarizeCertificate({
    host: options.host,
    validFrom: new Date(details.validFrom * 1000),
    validTo: new Date(details.validTo * 1000),
    issuer: details.issuer,
    names: {
      commonName: details.subjectName,
      subjectAltName: details.sanList.map((name) => (isIP(name) === 0 ? `DNS:${name}` : `IP Address:${name}`)).join(", "),
    },
    protocol: details.protocol,
    cipher: details.cipher,
    now: options.now,
  });
}
