import { hostOf } from "@public-scan/core";
import type { Protocol } from "puppeteer-core";

/** Host of the script or document that caused a request: the initiator's URL, else its top stack frame. */
export function initiatorHost(initiator: Protocol.Network.Initiator | undefined): string | null {
  if (!initiator) return null;
  if (initiator.url) return hostOf(initiator.url);
  let stack: Protocol.Runtime.StackTrace | undefined = initiator.stack;
  while (stack) {
    const frame = stack.callFrames.find((callFrame) => callFrame.url.startsWith("http"));
    if (frame) return hostOf(frame.url);
    stack = stack.parent;
  }
  return null;
}
