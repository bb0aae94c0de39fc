// Where the standalone (single-bot) mode's own routes live (issue 17, spec part 1 §7: start-session
// on the web variant of the auth API; §5: a host name resolves to a bot id, "a CNAME lookup").
// Every other route of a standalone app is the `auth: true` route of ROUTE_TABLE served again under
// /api/web/ (the http client's pathFor), authenticated by the web session's headers.
export const STANDALONE_ROUTE_TABLE = {
  /** {device_id, bot_uuid, payload} or {device_id, access_token, payload}: answers user_uuid and session_id. */
  startSession: { path: '/web/user/start-session', method: 'POST', auth: false },
  /** The bot this server's configuration maps a host name to (STANDALONE_HOSTS), or null. */
  resolveStandaloneHost: { path: '/web/bot/resolve-host', method: 'POST', auth: false },
} as const;
