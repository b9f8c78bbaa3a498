/** Ports: small, domain-shaped interfaces that adapters implement. */
export type { ScanInput, ScanProgress, Scanner } from "./scanner.js";
