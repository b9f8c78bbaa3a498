import type { AttachedTarget } from "../visit/attach-targets.js";
import type { Collector } from "./collector.js";

/**
 * Attaches every collector of a visit to a new target, in order. A collector that cannot attach to one
 * target fails alone (`onFailure` hears its id); the others still listen, and the target still runs.
 */
export function attachCollectors(
  collectors: readonly Collector<unknown>[],
  options: { onFailure?: (collectorId: string) => void } = {},
): (target: AttachedTarget) => Promise<void> {
  return async (target) => {
    for (const collector of collectors) {
      await collector.attach?.(target).catch(() => options.onFailure?.(collector.id));
    }
  };
}
