import type { FixtureRequest } from "../virtual-host.js";

/** Whether a request carries the Global Privacy Control header (`Sec-GPC: 1`). */
export function sendsGpc(request: FixtureRequest): boolean {
  return request.headers["sec-gpc"] === "1";
}
