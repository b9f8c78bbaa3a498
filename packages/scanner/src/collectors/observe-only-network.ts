import type { Protocol } from "puppeteer-core";

/**
 * `Network.enable` for the scanner's own sessions: events only. By default each session that enables the
 * Network domain keeps the bodies of its target's responses for
 * `Network.getResponseBody`, and a collector never reads one; nor post data.
 */
export const OBSERVE_ONLY_NETWORK: Protocol.Network.EnableRequest = { maxPostDataSize: 0, maxTotalBufferSize: 0, maxResourceBufferSize: 0 };
