/**
 * Who a quota charges: an anonymous caller by its IP, a key by its id. The use-cases' `Caller` fits it; the
 * port names only what a quota decides on, so it needs nothing from the layers above.
 */
export type QuotaCaller = { readonly kind: "anonymous"; readonly ip: string } | { readonly kind: "key"; readonly keyId: string };

/** The caller's anonymous allowance for new scans (contract: 20 per IP per UTC day). */
export interface Allowance {
  limit: number;
  remaining: number;
  resetAt: string;
  /**
   * Whether `consume` took a scan from an allowance (false for callers no counter charges: keys with
   * scan:create, embedding without limits). Absent means it did. Reported as `quotaConsumed`.
   */
  consumed?: boolean;
}

/**
 * Quota of new scans: `consume` counts one new scan or throws ServiceError `rate_limited`; `peek` reads the
 * allowance without using it (reuse and joining an in-flight scan are free). Implemented over the
 * rate limiter; `createUnlimitedQuota` serves embedding without limits.
 */
export interface ScanQuota {
  consume(caller: QuotaCaller): Promise<Allowance>;
  peek(caller: QuotaCaller): Promise<Allowance>;
  /**
   * Charges a request whose target was refused (a private address, a bad port): to the caller's own limits
   * only, never to a budget other callers share, so refusals cannot use up a shared allowance, yet cannot be
   * asked for without limit either (they would be a free oracle of internal host names). Throws
   * `rate_limited` when the caller's own limit is spent.
   */
  chargeRefusal(caller: QuotaCaller): Promise<void>;
}
