/** The signed-in dashboard session behind a request, as the host's identity provider tells it. */
export interface DashboardSession {
  /** The host's account id, when it has accounts: keys issued to the session are listed and revoked by it. */
  accountId?: string;
  email: string;
  emailVerified: boolean;
}

/**
 * Resolves the dashboard session of a request (a cookie the host's auth system issued). Null when nobody
 * is signed in. Hosts implement it over their identity provider; tests use a fixed table.
 */
export interface SessionResolver {
  resolve(request: { cookieHeader: string | undefined }): Promise<DashboardSession | null>;
}
