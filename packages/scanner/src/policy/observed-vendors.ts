import type { Classification } from "@public-scan/core";

type Classified = { classification: Classification };

/**
 * The vendors the scan attributed anything to, in every phase that ran: third-party requests, and
 * cookies and storage keys (a first-party `_ga` cookie is still Google's).
 */
export function observedVendors(observations: {
  requests: readonly (Classified & { party: string })[];
  cookies: readonly Classified[];
  storage: readonly Classified[];
}): Set<string> {
  const vendors = new Set<string>();
  for (const request of observations.requests)
    if (request.party === "third_party" && request.classification.vendor !== null) vendors.add(request.classification.vendor);
  for (const item of [...observations.cookies, ...observations.storage])
    if (item.classification.vendor !== null) vendors.add(item.classification.vendor);
  return vendors;
}
