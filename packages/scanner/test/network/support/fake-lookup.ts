import type { EgressLookup } from "../../../src/network/index.js";

/**
 * A lookup from a fixed table, so that no test ever asks a real resolver (this machine has no network, and
 * any query leaving it is flagged). Unknown names fail like ENOTFOUND. `calls` records every name asked.
 */
export function createFakeLookup(table: Record<string, string[]>): EgressLookup & { calls: string[] } {
  const calls: string[] = [];
  const lookup = (host: string) => {
    calls.push(host);
    const addresses = table[host];
    if (addresses === undefined) return Promise.reject(Object.assign(new Error(`no such name: ${host}`), { code: "ENOTFOUND" }));
    return Promise.resolve(addresses.map((address) => ({ address, family: address.includes(":") ? (6 as const) : (4 as const) })));
  };
  return Object.assign(lookup, { calls });
}
