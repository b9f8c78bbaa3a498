import { hostOf, type ResourceType } from "@public-scan/core";
import type { Protocol } from "puppeteer-core";

/**
 * CDP's Network.ResourceType to the observation's resource type. `Ping` covers navigator.sendBeacon and
 * `<a ping>`, reported as `beacon`, the common case. `Preflight` is CORS bookkeeping, not a request a page
 * made, so it is dropped (null).
 */
export function toResourceType(cdpType: string | undefined, isSubframeDocument: boolean): ResourceType | null {
  switch (cdpType) {
    case "Document":
      return isSubframeDocument ? "subdocument" : "document";
    case "Stylesheet":
      return "stylesheet";
    case "Script":
      return "script";
    case "Image":
      return "image";
    case "Font":
      return "font";
    case "Media":
    case "TextTrack":
      return "media";
    case "XHR":
      return "xhr";
    case "Fetch":
      return "fetch";
    case "Ping":
      return "beacon";
    case "WebSocket":
      return "websocket";
    case "EventSource":
      return "eventsource";
    case "Manifest":
      return "manifest";
    case "Preflight":
      return null;
    case undefined:
    default:
      return "other";
  }
}

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
