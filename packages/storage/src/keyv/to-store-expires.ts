/**
 * keyv's absolute expiry (Unix ms) as the stores keep it: whole milliseconds rounded up, so an entry never
 * expires early (Redis PXAT refuses a fraction), and none when it is not a finite number, as keyv does.
 */
export function toStoreExpires(expires: unknown): number | undefined {
  return typeof expires === "number" && Number.isFinite(expires) ? Math.ceil(expires) : undefined;
}

/**
 * Whether an entry is gone at `now`. keyv's rule (and Redis's): an entry lives through its expiry
 * millisecond and is gone after it, so a store never disagrees with keyv's own check on the same clock.
 */
export function isPastExpiry(expires: number | null | undefined, now: number): boolean {
  return expires !== undefined && expires !== null && now > expires;
}
