import "server-only";
import { enforce } from "./service";

/**
 * Names resolved on a user's behalf to check them against the outbound
 * policy (the import's preview and import, a server's URL when it is saved),
 * counted per name: whether a name resolves, and whether to an address the
 * policy refuses, says something about a network the user cannot see, so
 * nobody gets to ask it thousands of times. A file of 100 servers previewed,
 * then imported (checked again as each is created), costs 300. Connections
 * (test, discovery, checks) and webhook tests have budgets of their own.
 */
export const NAME_LOOKUPS_PER_WINDOW = 500;
export const NAME_LOOKUP_WINDOW_SEC = 300;

/** Throws 429 with Retry-After when resolving `count` more names would go over the user's budget. */
export async function spendNameLookups(uid: string, count: number) {
  if (count <= 0) return;
  await enforce(`name-lookups:${uid}`, NAME_LOOKUPS_PER_WINDOW, NAME_LOOKUP_WINDOW_SEC, "Too many addresses checked. Wait a few minutes and try again.", count);
}
