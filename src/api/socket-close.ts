// Close codes of the live connection the server and the client agree on (no zod here: the
// page's and the worker's bundles import it).

/**
 * A socket whose server process is stopping (a deploy, a scale-down: issue 19's drain).
 * WebSocket's own 1012 "Service Restart": the client asks for a new address at once, with no
 * backoff, and the load balancer sends it to a process that stays.
 */
export const SERVER_RESTART_CLOSE = 1012;
