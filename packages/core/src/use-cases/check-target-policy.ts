import { ServiceError } from "../errors/service-error.js";
import type { ServiceDeps } from "./service-deps.js";

const DEFAULT_PORTS: Record<string, number> = { "http:": 80, "https:": 443 };

/** `invalid_request` when the deployment's target policy refuses the URL's host (say which rule, never the address). */
export async function checkTargetPolicy(deps: ServiceDeps, url: string): Promise<void> {
  if (deps.targets === undefined) return;
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  const verdict = await deps.targets.check({
    host,
    port: parsed.port === "" ? (DEFAULT_PORTS[parsed.protocol] ?? 0) : Number(parsed.port),
  });
  if (!verdict.allowed) {
    throw new ServiceError("invalid_request", `url: this target is not a public web address and cannot be scanned (${verdict.reason}).`);
  }
}
