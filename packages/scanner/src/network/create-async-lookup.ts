import { Resolver } from "node:dns/promises";

export interface LookupAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a name to all its addresses, in the resolver's order. */
export type EgressLookup = (host: string) => Promise<LookupAddress[]>;

export interface AsyncLookupOptions {
  /** Milliseconds per DNS query attempt (default 2000). */
  timeoutMs?: number;
  /** Attempts per query (default 2). */
  tries?: number;
  /** DNS servers; default: the system's (`/etc/resolv.conf`). */
  servers?: readonly string[];
}

/**
 * The egress guard's resolver: c-ares through `dns.promises.Resolver`, asking A and AAAA at once, each
 * query bounded by a timeout. `dns.lookup` (getaddrinfo) runs on libuv's thread pool, four threads shared
 * with file access and crypto, and has no timeout: a page naming many slow attacker-controlled domains could
 * fill the pool and stall every scan and request of the process. c-ares queries are plain sockets.
 *
 * Unlike getaddrinfo it does not read `/etc/hosts`: names that only exist there are unresolvable to the
 * guard (an operator maps them with `resolve` rules instead), and `localhost` names are loopback by rule
 * (`isLoopbackName`), whatever any resolver says.
 */
export function createAsyncLookup(options: AsyncLookupOptions = {}): EgressLookup {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 2000, tries: options.tries ?? 2 });
  if (options.servers) resolver.setServers([...options.servers]);
  return async (host) => {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
    if (v4.status === "rejected" && v6.status === "rejected") throw v4.reason;
    return [
      ...(v4.status === "fulfilled" ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
      ...(v6.status === "fulfilled" ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
    ];
  };
}

/** RFC 6761: `localhost` and every name under it are loopback, and must never be sent to a DNS server. */
export function isLoopbackName(host: string): boolean {
  return host === "localhost" || host.endsWith(".localhost");
}
