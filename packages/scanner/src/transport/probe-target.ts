/** A host and port a probe connects to, as the visitor's URL names them (the guard may change the port). */
export interface ProbeTarget {
  /** The host as `normalizeHost` writes it: lower case, IPv4 dotted, IPv6 in brackets. */
  host: string;
  port: number;
}
