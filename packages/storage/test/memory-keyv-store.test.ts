import { KeyvMemoryAdapter } from "keyv";
import { describeKeyvStore } from "../src/testing/index.js";

/**
 * keyv's own default store (a Map behind its memory adapter) is the reference behaviour of the suite. Its
 * handles on one case's entries share one Map, which outlives them, so it runs the durable cases too.
 */
const maps = new Map<string, Map<string, unknown>>();
const mapFor = (namespace: string) => {
  const map = maps.get(namespace) ?? new Map<string, unknown>();
  maps.set(namespace, map);
  return map;
};

describeKeyvStore("keyv's Map store", ({ namespace }) => new KeyvMemoryAdapter(mapFor(namespace)), {
  durable: true,
  knownGaps: {
    "clear without a namespace removes only the entries without one":
      "keyv's memory adapter empties the whole Map when it has no namespace, every namespace included",
    "namespaces that are patterns or prefixes of each other clear and read only themselves":
      "keyv's memory adapter clears a namespace by the key prefix `<namespace>::`, so clearing a also clears a::b",
    "a namespace and a key never run together into another namespace's key":
      "keyv's memory adapter keys entries `<namespace>::<key>`, so namespace a with key b::k is namespace a::b with key k",
  },
});
