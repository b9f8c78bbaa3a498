/**
 * Decides, before a scan is queued, whether a URL's host may be scanned at all: the scanner's egress policy
 * (private, loopback, link-local and metadata addresses refused unless the operator allowed them), asked up
 * front so a hostile target is refused with `invalid_request` at once (one message for every reason, after
 * the new scan was charged: refusals must not map internal names for free), spending no browser.
 * The scanner applies the same policy again to every connection it makes (DNS can change in between).
 */
export interface TargetPolicy {
  check(target: { host: string; port: number }): Promise<{ allowed: true } | { allowed: false; reason: string }>;
}
