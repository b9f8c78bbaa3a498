import { isIP } from "node:net";
import { checkServerIdentity, type PeerCertificate } from "node:tls";
import type { CertificateSummary } from "@public-scan/core";
import { normalizeTlsProtocol } from "./normalize-tls-protocol.js";

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
