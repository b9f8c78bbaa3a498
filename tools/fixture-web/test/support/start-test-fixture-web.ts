import { afterAll, beforeAll } from "vitest";
import { startFixtureWeb } from "../../src/index.js";
import type { FixtureWeb } from "../../src/index.js";

/** Starts one fixture web (ephemeral port) for the calling test file and closes it after. */
export function useFixtureWeb(): () => FixtureWeb {
  let web: FixtureWeb | undefined;
  beforeAll(async () => {
    web = await startFixtureWeb();
  });
  afterAll(async () => {
    await web?.close();
  });
  return () => {
    if (web === undefined) throw new Error("the fixture web is not started yet");
    return web;
  };
}
