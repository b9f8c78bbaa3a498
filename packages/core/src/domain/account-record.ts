import type { Scope } from "../contract/index.js";

/**
 * A dashboard account of the reference host: who may sign in, request self-serve keys and authorize MCP
 * clients. The email is kept (mail must reach it, operators list it); the password only as a KDF hash.
 */
export interface AccountRecord {
  /** `acct_` + random hex; never derived from the email. */
  accountId: string;
  /** Trimmed and lower-cased: one account per address, whatever case it was typed in. */
  email: string;
  /** A self-describing KDF hash (`scrypt$...`), never the password. */
  passwordHash: string;
  /** When the owner followed the verification link; null until then. */
  emailVerifiedAt: string | null;
  /** OAuth scopes this account may grant to a client; `scan:create` is support-gated. */
  scopes: Scope[];
  createdAt: string;
  /** Set by an operator: the account can no longer sign in, and its sessions stop working. */
  disabledAt: string | null;
}
