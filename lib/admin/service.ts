import "server-only";
import { and, asc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { record } from "../activity/service";
import { forgetUser } from "../users/cache";
import { db } from "../db";
import { servers, users } from "../db/schema";
import { badRequest, conflict, notFound } from "../http/errors";
import { effectiveSubscription, PLANS } from "../plans/table";
import { ADMIN_USERS_PAGE, type AdminUser, type AdminUsersPage, type AdminUserUpdate } from "./schema";

const columns = {
  uid: users.uid,
  email: users.email,
  displayName: users.displayName,
  emailVerified: users.emailVerified,
  role: users.role,
  plan: users.subscriptionPlan,
  expiresAt: users.subscriptionExpiresAt,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  sortKey: sql<string>`lower(${users.email})`,
  serverCount: sql<number>`(select count(*)::int from ${servers} where ${servers.ownerUid} = ${users.uid})`,
};

async function selectUsers(where: SQL | undefined, limit: number) {
  return (await db())
    .select(columns)
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.email})`), asc(users.uid))
    .limit(limit);
}

type Row = Awaited<ReturnType<typeof selectUsers>>[number];

function toDto(r: Row): AdminUser {
  return {
    uid: r.uid,
    email: r.email,
    displayName: r.displayName,
    emailVerified: r.emailVerified,
    role: r.role,
    plan: r.plan,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    effectivePlan: effectiveSubscription(r.plan, r.expiresAt).tier,
    lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    serverCount: r.serverCount,
  };
}

// The list is ordered by email; the cursor is the last row's (lower(email), uid).
const cursorShape = z.tuple([z.string(), z.string()]);
const encode = (key: string, uid: string) => Buffer.from(JSON.stringify([key, uid])).toString("base64url");
function decode(cursor: string): [string, string] {
  try {
    return cursorShape.parse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
  } catch {
    throw badRequest("The cursor is not valid. Start again from the first page.");
  }
}

/** `%` and `_` typed by the admin are searched for literally. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listUsers(filter: { q?: string; role?: AdminUser["role"]; plan?: AdminUser["plan"]; cursor?: string }): Promise<AdminUsersPage> {
  const parts: (SQL | undefined)[] = [];
  if (filter.q) parts.push(or(ilike(users.email, likePattern(filter.q)), ilike(users.displayName, likePattern(filter.q))));
  if (filter.role) parts.push(eq(users.role, filter.role));
  if (filter.plan) parts.push(eq(users.subscriptionPlan, filter.plan));
  if (filter.cursor) {
    const [key, uid] = decode(filter.cursor);
    parts.push(sql`(lower(${users.email}), ${users.uid}) > (${key}, ${uid})`);
  }
  const rows = await selectUsers(and(...parts), ADMIN_USERS_PAGE + 1);
  const more = rows.length > ADMIN_USERS_PAGE;
  const shown = more ? rows.slice(0, ADMIN_USERS_PAGE) : rows;
  const last = shown.at(-1);
  return { users: shown.map(toDto), nextCursor: more && last ? encode(last.sortKey, last.uid) : null };
}

async function findOne(uid: string): Promise<Row> {
  const [row] = await selectUsers(eq(users.uid, uid), 1);
  if (!row) throw notFound("This user does not exist.");
  return row;
}

const describePlan = (plan: AdminUser["plan"], expiresAt: Date | null) =>
  `${PLANS[plan].label}${plan !== "free tier" && expiresAt ? ` until ${expiresAt.toISOString().slice(0, 10)}` : ""}`;

/**
 * Changes a user's role or plan. A plan change (or a new expiry) is recorded
 * in that user's own activity log, so they can see when and how it changed.
 */
export async function updateUser(
  admin: { uid: string },
  uid: string,
  change: AdminUserUpdate,
  ctx: { req?: Request; ip?: string },
): Promise<AdminUser> {
  const before = await findOne(uid);
  if (uid === admin.uid && change.role === "user") {
    throw conflict("You cannot remove your own administrator role; ask another administrator.");
  }
  const plan = change.plan ?? before.plan;
  // The free tier has no end; a paid plan keeps its expiry unless a new one is given.
  const expiresAt = plan === "free tier" ? null : change.expiresAt === undefined ? before.expiresAt : change.expiresAt ? new Date(change.expiresAt) : null;
  const planChanged = plan !== before.plan || (expiresAt?.getTime() ?? null) !== (before.expiresAt?.getTime() ?? null);

  await (await db())
    .update(users)
    .set({
      role: change.role ?? before.role,
      subscriptionPlan: plan,
      subscriptionExpiresAt: expiresAt,
      // A new role ends the user's sessions: each signs in again under it.
      ...(change.role && change.role !== before.role ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.uid, uid));
  await forgetUser(uid);

  if (planChanged) {
    await record({
      userUid: uid,
      action: "account.plan_changed",
      summary: `Plan changed from ${describePlan(before.plan, before.expiresAt)} to ${describePlan(plan, expiresAt)} by an administrator`,
      metadata: {
        from: { plan: before.plan, expiresAt: before.expiresAt?.toISOString() ?? null },
        to: { plan, expiresAt: expiresAt?.toISOString() ?? null },
      },
      req: ctx.req,
      ip: ctx.ip,
    });
  }
  return toDto(await findOne(uid));
}
