/**
 * What one gateway credential (a personal API token, or an OAuth app's
 * grant) may keep stored at once, the same on every plan. Its requests a
 * minute are per plan: `gatewayRequestsPerMinute` in lib/plans/table.ts.
 * docs/gateways.md ("Limits") lists them all.
 */

/**
 * Open sessions. An agent opens one per process or window, and many never
 * end theirs; past this the least recently used is ended, and its client,
 * answered 404, initializes again (what MCP asks of it).
 */
export const MAX_SESSIONS_PER_CREDENTIAL = 100;

/**
 * Questions of servers (elicitation, sampling, roots) waiting for the
 * credential's clients to answer, each answer up to a request's 1 MiB.
 * People answer one at a time; past this a server's next question is
 * refused with -32029.
 */
export const MAX_PENDING_ANSWERS_PER_CREDENTIAL = 32;

/** A client's declared capability, as stored with its session: real ones are a few bytes. */
export const MAX_CAPABILITY_BYTES = 1024;

/**
 * `subscriptions/listen` streams a modern client's credential keeps open on
 * one gateway, on one instance (listen.ts): an agent keeps one. Each holds
 * a watcher of the gateway's lists; past this, the next is refused with
 * -32029 until one closes.
 */
export const MAX_LISTENS_PER_CREDENTIAL = 32;
