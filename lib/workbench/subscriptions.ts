import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { channelsOf } from "../db/channels";
import { database } from "../db";
import { workbenchSubscriptions } from "../db/schema";
import type { WorkbenchSession } from "../upstream/session";

/**
 * The resources a user subscribed to on a server, kept in the database so
 * that any instance can change them: every connection of the user to the
 * server, on every instance, follows the stored list (told of a change by a
 * NOTIFY on PostgreSQL, in process on PGlite), so whichever connection the
 * server tells of an update passes it on (./event-channel). Callers have
 * checked that the user owns the server.
 */

const CHANGED = "workbench_subscriptions";

const keyOf = (uid: string, serverId: string) => `${serverId}:${uid}`;

export async function subscribedUris(uid: string, serverId: string): Promise<string[]> {
  const t = workbenchSubscriptions;
  const rows = await (await database()).db
    .select({ uri: t.uri })
    .from(t)
    .where(and(eq(t.userUid, uid), eq(t.serverId, serverId)))
    .orderBy(asc(t.createdAt), asc(t.uri));
  return rows.map((r) => r.uri);
}

export async function recordSubscription(uid: string, serverId: string, uri: string, subscribed: boolean): Promise<void> {
  const handle = await database();
  const t = workbenchSubscriptions;
  if (subscribed) await handle.db.insert(t).values({ userUid: uid, serverId, uri }).onConflictDoNothing();
  else await handle.db.delete(t).where(and(eq(t.userUid, uid), eq(t.serverId, serverId), eq(t.uri, uri)));
  await channelsOf(handle).publish(CHANGED, keyOf(uid, serverId));
}

/** Calls `changed` whenever any instance changed the user's subscriptions on the server, until the returned function is called. */
async function onSubscriptionsChanged(uid: string, serverId: string, changed: () => void): Promise<() => void> {
  const key = keyOf(uid, serverId);
  return channelsOf(await database()).listen(CHANGED, (payload) => {
    if (payload === key) changed();
  });
}

/** Keeps `session` subscribed to the stored list, from now until the returned function is called. */
export async function followSubscriptions(uid: string, serverId: string, session: WorkbenchSession): Promise<() => void> {
  // One change at a time, in order, each to the latest stored list.
  let following = Promise.resolve();
  const follow = () => {
    following = following.then(async () => session.follow(await subscribedUris(uid, serverId))).catch(() => {});
    return following;
  };
  const stop = await onSubscriptionsChanged(uid, serverId, () => void follow());
  await follow();
  return stop;
}
