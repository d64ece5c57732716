/**
 * What one gateway credential (a personal API token, or an OAuth app's
 * grant) may keep stored at once, the same on every plan.
 * docs/gateways.md ("Limits") lists them all.
 */

/**
 * Questions of servers (elicitation, sampling, roots) waiting for the
 * credential's clients to answer, each answer up to a request's 1 MiB.
 * People answer one at a time; past this a server's next question is
 * refused with -32029.
 */
export const MAX_PENDING_ANSWERS_PER_CREDENTIAL = 32;
