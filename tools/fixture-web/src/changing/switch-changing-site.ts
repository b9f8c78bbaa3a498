import { request } from "node:http";
import { CHANGING_HOST, changingVersionPath, type ChangingVersion } from "./changing-site.js";

/**
 * Switches a lane of the changing site to a version, from any process that knows the fixture web's port:
 * a plain-HTTP POST to the loopback port, addressed to the site's host.
 */
export function switchChangingSite(web: { port: number }, lane: string, version: ChangingVersion): Promise<void> {
  return new Promise((resolve, reject) => {
    const post = request(
      { host: "127.0.0.1", port: web.port, method: "POST", path: changingVersionPath(lane, version), headers: { host: CHANGING_HOST } },
      (response) => {
        response.resume();
        response.on("end", () =>
          response.statusCode === 204 ? resolve() : reject(new Error(`fixture-web: switching ${lane} answered ${response.statusCode}`)),
        );
      },
    );
    post.on("error", reject);
    post.end();
  });
}
