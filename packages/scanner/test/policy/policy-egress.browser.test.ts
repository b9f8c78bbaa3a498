import { beforeAll, describe, expect, it } from "vitest";
import type { PageLink } from "../../src/policy/page-links-script.js";
import { loadPolicyVocabulary, type PolicyVocabulary } from "../../src/policy/policy-vocabulary.js";
import { readPrivacyPolicy } from "../../src/policy/read-privacy-policy.js";
import { useFixtureGuardedContext } from "../support/use-fixture-guarded-context.js";

/**
 * The policy fetch behind the egress guard, in the shared Chromium: a policy link to a cloud-metadata
 * address, a private or loopback literal, or a host that resolves to loopback without being allowed is
 * refused (status `refused`, a coverage gap), and the fetch never reaches it.
 */
const guarded = useFixtureGuardedContext();
let vocabulary: PolicyVocabulary;
beforeAll(async () => {
  vocabulary = await loadPolicyVocabulary();
});

const policyAt = (href: string, budgetMs = 8000) =>
  readPrivacyPolicy({
    links: {
      links: [
        {
          text: "Privacy policy",
          label: "",
          href,
          region: "footer",
          visible: true,
          iconLabel: "",
          iconFile: "",
          iconShape: false,
        } satisfies PageLink,
      ],
      phraseInText: false,
      lang: "en",
    },
    pageUrl: "https://www.atlas-tools.test/",
    vocabulary,
    isSameSite: (host) => host === "www.atlas-tools.test",
    guarded: () => Promise.resolve(guarded.current()),
    settings: { userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/153.0.0.0 Safari/537.36", locale: "en-US" },
    deadlineAt: Date.now() + budgetMs,
  });

describe("the policy fetch and the egress guard", () => {
  it.each([
    ["the cloud-metadata address", "http://169.254.169.254/latest/privacy", "169.254.169.254"],
    ["a loopback literal in decimal", "http://2130706433/privacy", "127.0.0.1"],
    ["a private-range literal over HTTPS", "https://10.0.0.1/privacy", "10.0.0.1"],
    ["a metadata host name", "http://metadata.google.internal/privacy", "metadata.google.internal"],
    ["a host that resolves to loopback but is not allowed", "https://intranet.ssrf-lab.test/privacy", "intranet.ssrf-lab.test"],
  ])("refuses a policy link to %s", async (_label, href, host) => {
    const reading = await policyAt(href);
    expect(reading).toMatchObject({
      steps: { discovery: "ok", fetch: "failed" },
      reason: "policy_refused",
      foundIn: "footer",
      fetchStatus: "refused",
      httpStatus: null,
      text: null,
    });
    expect(reading.host).toBe(host);
    expect(guarded.current().refusedHosts.has(host)).toBe(true);
  });

  it("reads an allowed policy, and reports a 404 and a non-HTML document as such", async () => {
    expect(await policyAt("https://www.libreria-sol.test/politica-de-privacidad")).toMatchObject({
      fetchStatus: "ok",
      httpStatus: 200,
      declaredLanguage: "es",
    });
    expect(await policyAt("https://www.atlas-tools.test/privacy-policy")).toMatchObject({
      fetchStatus: "not_found",
      httpStatus: 404,
      text: null,
    });
    expect(await policyAt("https://www.prairie-goods.test/.well-known/gpc.json")).toMatchObject({ fetchStatus: "not_html", text: null });
  });

  it("reads the policy a redirect stub lands on, and closes its tab", async () => {
    // The stub replaces its document right after loading: the text read is the policy's, never the stub's
    // one line (which alone would read as empty), and no tab is left behind however the timing falls.
    for (let read = 0; read < 3; read += 1) {
      const reading = await policyAt("https://www.prairie-goods.test/privacy-redirect");
      expect(reading).toMatchObject({ fetchStatus: "ok", httpStatus: 200 });
      expect(reading.text).toContain("data protection officer");
    }
    const open = await guarded.current().context.pages();
    expect(open.map((page) => page.url()).filter((url) => url.includes("prairie-goods"))).toEqual([]);
  });

  it("calls a page with too little text to analyse empty, and a fetch without time left timed out", async () => {
    // berg-apotheke's policy is a one-sentence stub: not a policy that could be read.
    expect(await policyAt("https://www.berg-apotheke.test/privacy-policy")).toMatchObject({
      fetchStatus: "empty",
      reason: "policy_empty",
      text: null,
    });
    expect(await policyAt("https://www.libreria-sol.test/politica-de-privacidad", 500)).toMatchObject({
      steps: { discovery: "ok", fetch: "timed_out" },
      fetchStatus: "timed_out",
      reason: "policy_timed_out",
    });
  });
});
