import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPerson, createPkce, exchangeCode, refresh, registerClient } from "./support/oauth-browser.js";
import { startTestAccounts, type TestAccounts } from "./support/start-test-accounts.js";

const NEW_PASSWORD = "a brand new passphrase";
const hiddenValue = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? null;

/** Polls a condition every 20 ms, for at most 3 s. */
async function waitUntil(condition: () => boolean): Promise<void> {
  for (const until = Date.now() + 3000; !condition();) {
    if (Date.now() > until) throw new Error("condition not met within 3 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let server: TestAccounts;
beforeAll(async () => {
  server = await startTestAccounts();
});
afterAll(() => server.close());

/** The reset link of the last mail to `email`, or null. */
const resetLinkFor = (email: string) =>
  /https?:\/\/\S+\/account\/password-reset\/confirm\?token=[\w-]+/.exec(
    server.mail.findLast((sent) => sent.to === email)?.text ?? "",
  )?.[0] ?? null;

describe("password reset", () => {
  it("mails a single-use link; the new password works, the old one does not, and every earlier sign-in ends", async () => {
    const owner = createPerson(server, "forgetful@example.org");
    await owner.signUp();
    await owner.verify();
    expect((await owner.signIn()).status).toBe(303);
    expect((await owner.jar.request(`${server.baseUrl}/account`)).status).toBe(200);
    // An assistant signed in before the reset, with a refresh token.
    const { client_id: clientId } = await registerClient(server.baseUrl);
    const pkce = createPkce();
    const answer = await owner.authorize({ clientId, challenge: pkce.challenge });
    const code = new URL(answer.location!).searchParams.get("code")!;
    const tokens = await exchangeCode(server.baseUrl, { clientId, code, verifier: pkce.verifier });
    expect(tokens.status).toBe(200);

    // Someone (in another browser) asks for the reset; only the mailbox gets the link.
    const helper = createPerson(server, "someone-else@example.org");
    const { csrf } = await helper.csrfOf("/account/password-reset");
    const asked = await helper.jar.request(`${server.baseUrl}/account/password-reset`, {
      method: "POST",
      form: { csrf: csrf ?? "", email: "Forgetful@Example.org" },
    });
    expect(asked.status).toBe(200);
    const told = await asked.text();
    expect(told).toContain("If an account uses");
    expect(told).not.toContain("token=");
    const link = resetLinkFor("forgetful@example.org");
    expect(link).not.toBeNull();

    const page = await helper.jar.request(link!);
    const html = await page.text();
    expect(page.status).toBe(200);
    const form = { csrf: hiddenValue(html, "csrf") ?? "", token: hiddenValue(html, "token") ?? "", password: NEW_PASSWORD };
    const saved = await helper.jar.request(`${server.baseUrl}/account/password-reset/confirm`, { method: "POST", form });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Password changed");
    const resetAt = Date.now();

    // Every earlier sign-in is over: the dashboard session and the assistant's refresh token.
    const dashboard = await owner.jar.request(`${server.baseUrl}/account`);
    expect(dashboard.status).toBe(303);
    expect(dashboard.headers.get("location")).toContain("/account/sign-in");
    const refreshed = await refresh(server.baseUrl, { clientId, refreshToken: String(tokens.body.refresh_token) });
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe("invalid_grant");
    // The old password is refused, the new one works; the link works once.
    expect((await owner.signIn()).status).toBe(401);
    expect((await owner.signIn(NEW_PASSWORD)).status).toBe(303);
    const again = await helper.jar.request(`${server.baseUrl}/account/password-reset/confirm`, { method: "POST", form });
    expect(again.status).toBe(400);
    expect((await helper.jar.request(link!)).status).toBe(400);
    // The authorization server's own sign-in from before the reset is over too: it asks for the (new) password.
    const after = createPkce();
    const stale = await owner.authorize({ clientId, challenge: after.challenge });
    expect(stale.location).toBeNull();
    expect(stale.response.status).toBe(401);
    // Tokens carry whole seconds, and the reset's own second counts as before it: a person takes longer.
    await waitUntil(() => Math.floor(Date.now() / 1000) > Math.floor(resetAt / 1000));
    const renewed = createPerson(server, "forgetful@example.org", NEW_PASSWORD);
    const fresh = await renewed.authorize({ clientId, challenge: after.challenge });
    const freshCode = new URL(fresh.location!).searchParams.get("code")!;
    expect((await exchangeCode(server.baseUrl, { clientId, code: freshCode, verifier: after.verifier })).status).toBe(200);
  });

  it("answers an unknown address exactly as a known one, and mails nothing", async () => {
    const stranger = createPerson(server, "nobody-here@example.org");
    const { csrf } = await stranger.csrfOf("/account/password-reset");
    const before = server.mail.length;
    const asked = await stranger.jar.request(`${server.baseUrl}/account/password-reset`, {
      method: "POST",
      form: { csrf: csrf ?? "", email: "nobody-here@example.org" },
    });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("If an account uses nobody-here@example.org");
    expect(server.mail.length).toBe(before);
  });

  it("refuses a forged or malformed token, and a form without its CSRF token", async () => {
    for (const token of ["A".repeat(43), "short", "../../etc/passwd"]) {
      expect((await fetch(`${server.baseUrl}/account/password-reset/confirm?token=${encodeURIComponent(token)}`)).status).toBe(400);
    }
    const person = createPerson(server, "csrf-reset@example.org");
    await person.signUp();
    await person.verify();
    const before = server.mail.length;
    const refused = await person.jar.request(`${server.baseUrl}/account/password-reset`, {
      method: "POST",
      form: { email: "csrf-reset@example.org" },
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("reload the page");
    expect(server.mail.length).toBe(before);
  });
});
