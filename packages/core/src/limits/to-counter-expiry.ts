import type { CounterWindow } from "../ports/counter-store.js";
import { nextUtcMidnight } from "./utc-day.js";

/**
 * When units consumed at `at` stop counting: they count while `now < expiry`. Every implementation stores
 * this one number per entry, so rolling and UTC-day windows share one pruning rule (`expiry <= now`).
 */
export function toCounterExpiry(input: { window: CounterWindow; at: number }): number {
  const { window, at } = input;
  switch (window.kind) {
    case "rolling":
      return at + window.ms;
    case "utc_day":
      return nextUtcMidnight(at);
  }
}
