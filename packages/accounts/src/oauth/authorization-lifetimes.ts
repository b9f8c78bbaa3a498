/**
 * Lifetimes of the authorization server's artifacts, in seconds (the contract leaves them "not shown";
 * docs/auth.md states them). Access tokens are short because a JWT cannot be recalled once issued: a
 * revoked grant or a disabled account stops working when its last access token expires. Refresh tokens
 * rotate on every use, and a reused one revokes its whole grant.
 */
export const AUTHORIZATION_LIFETIMES = {
  accessToken: 10 * 60,
  authorizationCode: 60,
  refreshToken: 14 * 24 * 3600,
  grant: 30 * 24 * 3600,
  session: 12 * 3600,
  interaction: 60 * 60,
} as const;
