import type { FixtureResponse, VirtualHost } from "../virtual-host.js";

/** The host of the site that changes between scans: the fixture of monitors and diffs, not of the accuracy suites. */
export const CHANGING_HOST = "www.changing-shop.test";

/** The versions the changing site serves: `current`, and `next`, which adds Meta's pixel before consent. */
export const CHANGING_VERSIONS = ["current", "next"] as const;
export type ChangingVersion = (typeof CHANGING_VERSIONS)[number];

/** A lane's address: each test (or monitor) takes its own lane, so switching one never changes another's site. */
export const changingSiteUrl = (lane: string) => `https://${CHANGING_HOST}/lane/${encodeURIComponent(lane)}/`;

/** The control that switches a lane's version: POST, no body (a scan never posts here). */
export const changingVersionPath = (lane: string, version: ChangingVersion) =>
  `/__fixture/version?lane=${encodeURIComponent(lane)}&to=${version}`;

const LANE = /^\/lane\/([\w-]{1,64})\/$/;

const html = (body: string): FixtureResponse => ({
  status: 200,
  headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  body,
});

/** The page of one version: a small shop with no trackers, and in its next version Meta's pixel as a shop adds it. */
function pageOf(version: ChangingVersion): string {
  const pixel =
    version === "next"
      ? `<script async src="https://connect.facebook.net/en_US/fbevents.js"></script>
<noscript><img height="1" width="1" alt="" src="https://www.facebook.com/tr?id=1234567890&amp;ev=PageView&amp;noscript=1"></noscript>`
      : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Changing Shop</title>${pixel}</head>
<body><h1>Changing Shop</h1><p>Hand-made goods. Version: ${version}.</p>
<footer><a href="/privacy">Privacy policy</a></footer></body></html>`;
}

/**
 * The site whose next version is served on demand: `GET /lane/<lane>/` answers the lane's version (`current`
 * until switched), `POST /__fixture/version?lane=<lane>&to=next|current` switches it. One fixture web's
 * lanes are its own: a new fixture web starts every lane at `current`.
 */
export function changingSiteHost(): VirtualHost {
  const versions = new Map<string, ChangingVersion>();
  return {
    host: CHANGING_HOST,
    // Plain HTTP answers too, so a test in any process switches a lane with a loopback POST (switchChangingSite).
    routes: [
      {
        path: LANE,
        respond: ({ request }) => html(pageOf(versions.get(LANE.exec(request.url.pathname)![1]!) ?? "current")),
      },
      {
        methods: ["POST"],
        path: "/__fixture/version",
        respond: ({ request }) => {
          const lane = request.url.searchParams.get("lane") ?? "";
          const to = request.url.searchParams.get("to");
          if (!/^[\w-]{1,64}$/.test(lane) || !(CHANGING_VERSIONS as readonly (string | null)[]).includes(to))
            return { status: 400, headers: { "content-type": "text/plain" }, body: "lane and to=current|next are required" };
          versions.set(lane, to as ChangingVersion);
          return { status: 204 };
        },
      },
      {
        path: "/privacy",
        respond: () => html("<!doctype html><title>Privacy</title><h1>Privacy policy</h1><p>We sell hand-made goods.</p>"),
      },
    ],
  };
}
