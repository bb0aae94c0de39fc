// Whether a stored token can still be used (spec part 1 §4, 401 handling: with a usable login
// token the app offers to sign in again without a code; without one it clears local data).

/** A token is usable when it is present (non-empty) and its expiry (epoch ms) is in the future. */
export function isTokenUsable(token: string | null | undefined, expiry: number | null | undefined, now: number): boolean {
  return typeof token === 'string' && token !== '' && typeof expiry === 'number' && Number.isFinite(expiry) && expiry > now;
}

export interface LoginTokenFields {
  loginToken: string | null | undefined;
  /** epoch milliseconds */
  loginTokenExpiry: number | null | undefined;
}

/** The 401 rule's question: can the app log in again with the stored login token? */
export function isLoginTokenUsable(session: LoginTokenFields | null | undefined, now: number): boolean {
  return session != null && isTokenUsable(session.loginToken, session.loginTokenExpiry, now);
}
