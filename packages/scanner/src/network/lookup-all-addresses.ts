import { lookup } from "node:dns/promises";

export interface LookupAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a name to all its addresses, in the resolver's order. */
export type EgressLookup = (host: string) => Promise<LookupAddress[]>;

/**
 * The default lookup: the system resolver (what Chromium would use), every address, in the resolver's
 * order (`order: "verbatim"` is the current spelling of `verbatim: true`).
 */
export const lookupAllAddresses: EgressLookup = async (host) => {
  const addresses = await lookup(host, { all: true, order: "verbatim" });
  return addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};
