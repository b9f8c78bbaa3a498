import { isIP } from "node:net";
import type { CertificateSummary } from "@public-scan/core";
import type { Protocol } from "puppeteer-core";
import { summarizeCertificate } from "./summarize-certificate.js";

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
