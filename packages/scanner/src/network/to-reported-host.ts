import { normalizeHost } from "./normalize-host.js";

/** The longest DNS name; a longer "host" is not one, and an event should not carry an unbounded string. */
const MAX_HOST_LENGTH = 253;

/**
 * The host as proxy events report it: in the browser's spelling (`WWW.Example.COM.` and `0x7f.1` become
 * `www.example.com` and `127.0.0.1`), so one host is one entry; an unparsable host is passed on, cut short.
 */
export function toReportedHost(host: string): string {
  return normalizeHost(host) ?? host.slice(0, MAX_HOST_LENGTH);
}
