import type { FixtureWeb } from "./fixture-web.js";

/**
 * What a scanner is given to reach the fixture web, as an operator reaches a staging site: the resolve rules
 * (every host name to the fixture web's port), the host names allowed to be private, and the fixture CA as
 * an extra trusted certificate. The one place that says so; spread it into the scanner's options
 * (`createPuppeteerScanner({ ...fixtureWebReach(web), observeMs })`). Takes the settings only, so a browser
 * test's `inject("fixtureWeb")` copy serves as well as the live web.
 */
export function fixtureWebReach(web: Pick<FixtureWeb, "resolveRules" | "allowPrivateTargets" | "caCertPem">): {
  resolve: string[];
  allowPrivateTargets: string[];
  extraCaCerts: string;
} {
  return { resolve: [...web.resolveRules], allowPrivateTargets: [...web.allowPrivateTargets], extraCaCerts: web.caCertPem };
}
