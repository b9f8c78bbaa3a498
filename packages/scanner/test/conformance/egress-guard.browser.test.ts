import { afterAll, describe, expect, inject, it } from "vitest";
import { createPuppeteerScanner } from "../../src/index.js";
import { createFixtureScanner } from "../support/create-fixture-scanner.js";

/**
 * SSRF with a real browser: the fixture web's ssrf-lab page asks for the cloud-metadata address, loopback
 * literals in odd encodings, a redirect to loopback and a private-range iframe. The scan allows private
 * addresses only for the fixture's host names, so each of these must be refused and never answered.
 */
const web = inject("fixtureWeb");
const lab = web.sites.find((site) => site.id === "ssrf-lab")!;
const scanner = createFixtureScanner({ observeMs: 1000 });
afterAll(() => scanner.close());

const FORBIDDEN_HOSTS = [
  "169.254.169.254",
  "127.0.0.1",
  "10.0.0.1",
  "[::ffff:7f00:1]",
  "metadata.google.internal",
  "intranet.ssrf-lab.test",
];

describe("egress guard in the browser", () => {
  it("refuses every private and metadata target of the ssrf-lab page, and none is answered", async () => {
    const observations = await scanner.scan({ url: lab.url });
    expect(observations.navigation.pageKind).toBe("html");
    const toForbidden = observations.requests.filter((request) => FORBIDDEN_HOSTS.includes(request.host));
    expect(toForbidden.length).toBeGreaterThan(0);
    expect(toForbidden.every((request) => request.status === null || request.refused)).toBe(true);
    // Loopback in decimal (2130706433) and IPv4-mapped forms arrive as the addresses they mean.
    const refused = new Set(observations.requests.filter((request) => request.refused).map((request) => request.host));
    expect([...refused].sort()).toEqual([
      "10.0.0.1",
      "127.0.0.1",
      "169.254.169.254",
      "[::ffff:7f00:1]",
      "intranet.ssrf-lab.test",
      "metadata.google.internal",
    ]);
    expect(observations.requests.filter((request) => refused.has(request.host)).every((request) => request.status === null)).toBe(true);
  });

  it("refuses a target URL that is a private IP literal, as a no-go", async () => {
    const observations = await scanner.scan({ url: `http://127.0.0.1:${web.port}/` });
    expect(observations.navigation.pageKind).toBe("unreachable");
    expect(observations.navigation.noGoReason).toBe("target_not_public");
    expect(observations.cookies).toEqual([]);
  });

  it("refuses a fixture host when private targets are not allowed for it", async () => {
    const strict = createPuppeteerScanner({
      browserWSEndpoint: inject("browserWSEndpoint"),
      remoteBrowserTrusted: true,
      resolve: web.resolveRules,
      observeMs: 0,
    });
    try {
      const observations = await strict.scan({ url: lab.url });
      expect(observations.navigation.noGoReason).toBe("target_not_public");
    } finally {
      await strict.close();
    }
  });
});

describe("scan input", () => {
  it.each(["file:///etc/passwd", "javascript:alert(1)", "https://user:pw@example.com/", "not a url"])(
    "refuses %s before any browser work",
    async (url) => {
      await expect(scanner.scan({ url })).rejects.toMatchObject({ code: "invalid_request" });
    },
  );
});
