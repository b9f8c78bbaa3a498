import { notifyObserver, type ServiceObserver } from "@public-scan/core";

const EVENTS = ["requestFinished", "jobStarted", "phaseEnded", "scanEnded", "limitRefused"] as const satisfies ReadonlyArray<
  keyof ServiceObserver
>;

/** One observer that tells each of `observers` every event, in order; one that throws does not stop the others. */
export function combineObservers(observers: readonly ServiceObserver[]): Required<ServiceObserver> {
  const combined = {} as Record<(typeof EVENTS)[number], (event: never) => void>;
  for (const name of EVENTS) {
    combined[name] = (event: never) => {
      for (const observer of observers) notifyObserver(observer, name, event);
    };
  }
  return combined;
}
