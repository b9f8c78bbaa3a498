import type { PortToken } from "./port-tokens.js";

/** The part of a DI container (tsyringe's `DependencyContainer`) a composition uses; core needs no DI library. */
export interface PortRegistry {
  isRegistered(token: symbol, recursive?: boolean): boolean;
  register(token: symbol, provider: { useValue: unknown }): unknown;
  resolve<T>(token: symbol): T;
}

/**
 * The implementation of a port a composition uses: the one registered under `token` in the registry or
 * its parents (an embedder's), else the entry point's default, made now and registered, so the rest of
 * the composition resolves the same instance. A default of `undefined` (an optional port) registers nothing.
 */
export function usePort<T, D extends T | undefined>(registry: PortRegistry, token: PortToken<T>, makeDefault: () => D): T | D {
  if (registry.isRegistered(token, true)) return registry.resolve<T>(token);
  const made = makeDefault();
  if (made !== undefined) registry.register(token, { useValue: made });
  return made;
}
