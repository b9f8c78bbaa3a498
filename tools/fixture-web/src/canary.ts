/**
 * The marker planted in every cookie value, storage value and query string the fixture sites create.
 * Observations keep names, hosts and flags only, so this string appearing in any scanner output (a report,
 * a log, a snapshot) proves that a raw value leaked.
 */
export const CANARY = "CANARY-7f3a9c";
