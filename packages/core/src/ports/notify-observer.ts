import type { ServiceObserver } from "./service-observer.js";

/**
 * Calls one of the observer's methods, if it has it; an observer that throws is ignored, so a broken log or
 * metric never fails a scan or a request.
 */
export function notifyObserver<K extends keyof ServiceObserver>(
  observer: ServiceObserver | undefined,
  name: K,
  event: Parameters<NonNullable<ServiceObserver[K]>>[0],
): void {
  const method = observer?.[name] as ((event: unknown) => void) | undefined;
  if (method === undefined) return;
  try {
    method.call(observer, event);
  } catch {
    // Observability is best effort: the work it watches goes on.
  }
}
