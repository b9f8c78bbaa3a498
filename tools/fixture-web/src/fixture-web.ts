import type { GroundTruth } from "./ground-truth.js";

/** A running fixture web: every site and simulated tracker, on one loopback port. */
export interface FixtureWeb {
  /** One loopback port serving both HTTP and HTTPS (the first byte of a connection tells which). */
  port: number;
  /** The generated local root CA (PEM) that signs each virtual host's certificate. */
  caCertPem: string;
  /** `["*=127.0.0.1:<port>"]`: the scanner's resolver override that reaches this server. */
  resolveRules: string[];
  /** Every fixture and tracker host name, exactly: the hosts a scan may resolve to this loopback server. */
  allowPrivateTargets: string[];
  sites: FixtureSite[];
  close(): Promise<void>;
}

export interface FixtureSite {
  id: string;
  host: string;
  /** `https://<host>/`: default port, as a visitor types it; the resolver override supplies the real port. */
  url: string;
  description: string;
  groundTruth: GroundTruth;
}
