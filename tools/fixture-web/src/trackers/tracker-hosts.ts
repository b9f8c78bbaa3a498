import type { VirtualHost } from "../virtual-host.js";
import { GOOGLE_HOSTS } from "./google.js";
import { HOTJAR_HOSTS } from "./hotjar.js";
import { INTERCOM_HOSTS } from "./intercom.js";
import { LINKEDIN_HOSTS } from "./linkedin.js";
import { META_HOSTS } from "./meta.js";
import { MICROSOFT_HOSTS } from "./microsoft.js";
import { SEGMENT_HOSTS } from "./segment.js";

/** Every simulated tracker host, at its real host name. */
export const TRACKER_HOSTS: readonly VirtualHost[] = [
  ...GOOGLE_HOSTS,
  ...META_HOSTS,
  ...HOTJAR_HOSTS,
  ...SEGMENT_HOSTS,
  ...LINKEDIN_HOSTS,
  ...MICROSOFT_HOSTS,
  ...INTERCOM_HOSTS,
];
