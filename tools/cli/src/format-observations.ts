import type { ScanObservations } from "@public-scan/core";
import { formatTable } from "./format-table.js";

const lifetime = (seconds: number | null) => {
  if (seconds === null) return "session";
  if (seconds >= 86_400) return `${Math.round(seconds / 86_400)} d`;
  if (seconds >= 3600) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 60)} min`;
};

/**
 * The readable summary of a scan's observations: what the page did before consent. Names, hosts and counts
 * only, like the observations themselves.
 */
export function formatObservations(observations: ScanObservations): string {
  const { navigation } = observations;
  const out: string[] = [];
  out.push(`Scanned ${observations.target.url}`);
  out.push(
    `  final URL ${navigation.finalUrl ?? "-"} · HTTP ${navigation.httpStatus ?? "-"} · ${navigation.contentType ?? "-"} · page kind ${navigation.pageKind}` +
      (navigation.noGoReason ? ` (no-go: ${navigation.noGoReason})` : ""),
  );
  if (navigation.redirects.length > 0)
    out.push(`  redirects ${navigation.redirects.map((hop) => `${hop.host} ${hop.status}`).join(" → ")}`);
  out.push(
    `  load ${navigation.timings.loadMs ?? "-"} ms · network idle ${navigation.reachedNetworkIdle ? `${navigation.timings.networkIdleMs} ms` : "not reached"}`,
  );

  const stored = observations.cookies.filter((cookie) => cookie.blockedReasons === null);
  out.push("", `Cookies before consent (${stored.length})`);
  if (stored.length > 0) {
    out.push(
      formatTable(
        ["NAME", "DOMAIN", "PARTY", "SET BY", "VENDOR", "PURPOSE", "LIFETIME", "FLAGS"],
        stored.map((cookie) => [
          cookie.name,
          cookie.domain,
          cookie.party === "first_party" ? "1st" : "3rd",
          cookie.setterHost === null ? cookie.setBy : `${cookie.setBy === "javascript" ? "js" : "header"} ${cookie.setterHost}`,
          cookie.classification.vendor ?? "-",
          cookie.classification.purpose,
          lifetime(cookie.expiresInSeconds),
          [
            cookie.secure ? "Secure" : "",
            cookie.httpOnly ? "HttpOnly" : "",
            cookie.sameSite !== "unspecified" ? `SameSite=${cookie.sameSite}` : "",
          ]
            .filter(Boolean)
            .join(" "),
        ]),
      ),
    );
  }
  const blocked = observations.cookies.filter((cookie) => cookie.blockedReasons !== null);
  if (blocked.length > 0)
    out.push(
      "",
      `Cookies the browser refused (${blocked.length})`,
      formatTable(
        ["NAME", "DOMAIN", "REASONS"],
        blocked.map((cookie) => [cookie.name, cookie.domain, (cookie.blockedReasons ?? []).join(", ")]),
      ),
    );

  out.push("", `Browser storage before consent (${observations.storage.length})`);
  if (observations.storage.length > 0) {
    out.push(
      formatTable(
        ["KIND", "ORIGIN", "NAME", "PARTY", "VENDOR", "PURPOSE"],
        observations.storage.map((item) => [
          item.kind,
          item.originHost,
          item.name,
          item.party === "first_party" ? "1st" : "3rd",
          item.classification.vendor ?? "-",
          item.classification.purpose,
        ]),
      ),
    );
  }

  const trackers = new Map<string, { vendor: string; category: string; requests: number; listed: boolean }>();
  for (const request of observations.requests) {
    if (request.party !== "third_party" && !request.trackerListed) continue;
    if (request.classification.vendor === null && !request.trackerListed) continue;
    const entry = trackers.get(request.host) ?? {
      vendor: request.classification.vendor ?? "-",
      category: request.classification.category ?? "-",
      requests: 0,
      listed: false,
    };
    entry.requests += request.count;
    entry.listed ||= request.trackerListed;
    trackers.set(request.host, entry);
  }
  out.push("", `Tracker hosts contacted before consent (${trackers.size})`);
  if (trackers.size > 0) {
    out.push(
      formatTable(
        ["HOST", "VENDOR", "CATEGORY", "REQUESTS", "EASYPRIVACY"],
        [...trackers].map(([host, entry]) => [host, entry.vendor, entry.category, String(entry.requests), entry.listed ? "listed" : "-"]),
      ),
    );
  }
  const refused = observations.requests.filter((request) => request.refused);
  if (refused.length > 0) out.push("", `Refused by the egress guard: ${[...new Set(refused.map((request) => request.host))].join(", ")}`);

  const requestCount = observations.requests.reduce((sum, request) => sum + request.count, 0);
  out.push(
    "",
    `Requests ${requestCount} to ${new Set(observations.requests.map((request) => request.host)).size} hosts · frames ${observations.frames.length}`,
  );
  out.push(
    `Collectors ${observations.collectors.map((collector) => `${collector.id} ${collector.status}${collector.reason ? ` (${collector.reason})` : ""}`).join(" · ")}`,
  );
  out.push("", "Automated public-web observations for review only; not legal advice or a compliance determination.");
  return out.join("\n");
}
