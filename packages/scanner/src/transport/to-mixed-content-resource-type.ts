import type { ResourceType } from "@public-scan/core";

const TYPES: Readonly<Record<string, ResourceType>> = {
  Script: "script",
  Frame: "subdocument",
  Image: "image",
  Favicon: "image",
  Audio: "media",
  Video: "media",
  Track: "media",
  Stylesheet: "stylesheet",
  XSLT: "stylesheet",
  Font: "font",
  XMLHttpRequest: "xhr",
  Resource: "fetch",
  JSON: "fetch",
  Beacon: "beacon",
  Ping: "ping",
  EventSource: "eventsource",
  Manifest: "manifest",
};

/** CDP's `Audits.MixedContentResourceType` in the observation's resource types; workers, forms and the rest are `other`. */
export function toMixedContentResourceType(type: string | undefined): ResourceType {
  return (type === undefined ? undefined : TYPES[type]) ?? "other";
}
