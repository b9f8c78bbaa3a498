import { describe, expect, it } from "vitest";
import { PORTS, usePort, type PortRegistry } from "../../src/compose/index.js";
import { createMemoryScanStore } from "../../src/stores/create-memory-scan-store.js";

/** A registry with a parent, as tsyringe's child containers have: what an embedder registered is found from the child. */
function registry(parent?: PortRegistry & { values: Map<symbol, unknown> }) {
  const values = new Map<symbol, unknown>();
  const own: PortRegistry & { values: Map<symbol, unknown> } = {
    values,
    isRegistered: (token, recursive) => values.has(token) || (recursive === true && parent?.isRegistered(token, true) === true),
    register: (token, provider) => values.set(token, provider.useValue),
    resolve: <T>(token: symbol) => (values.has(token) ? values.get(token) : parent!.resolve(token)) as T,
  };
  return own;
}

describe("usePort", () => {
  it("uses what an embedder registered in a parent, and never makes the default", () => {
    const embedder = registry();
    const theirs = createMemoryScanStore();
    embedder.register(PORTS.scanStore, { useValue: theirs });
    let made = 0;
    expect(usePort(registry(embedder), PORTS.scanStore, () => (made++, createMemoryScanStore()))).toBe(theirs);
    expect(made).toBe(0);
  });

  it("makes the default once and registers it in the composition's own registry, so later reads get the same one", () => {
    const root = registry();
    const scope = registry(root);
    const first = usePort(scope, PORTS.scanStore, () => createMemoryScanStore());
    expect(usePort(scope, PORTS.scanStore, () => createMemoryScanStore())).toBe(first);
    expect(root.values.size).toBe(0);
  });

  it("registers nothing for an optional port left unset", () => {
    const scope = registry();
    expect(usePort(scope, PORTS.observer, () => undefined)).toBeUndefined();
    expect(scope.isRegistered(PORTS.observer)).toBe(false);
  });
});
