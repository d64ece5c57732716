import "server-only";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { record } from "../activity/service";
import { db } from "../db";
import { isUniqueViolation } from "../db/database";
import type { Db } from "../db/database";
import type { Tx } from "../db/transaction";
import { servers, statusPages, statusPageServers } from "../db/schema";
import { badRequest, conflict, notFound, planRequired } from "../http/errors";
import type { Origin } from "../servers/service";
import { assertAllowed } from "../plans/capabilities";
import { plural } from "../plural";
import { planOf, type PlanHolder } from "../plans/holder";
import type { StatusPageCreate, StatusPageDto, StatusPageUpdate } from "./schema";

/**
 * The owner's side of public status pages. Every query is scoped to the
 * owner; publishing needs an account that may publish (a demo account may
 * not), and a new page room in the plan's `maxStatusPages`, while
 * unpublishing and deleting never do.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missing = () => notFound("No status page with this id.");
const slugTaken = () => conflict("This address is taken. Choose another one.");

const assertCanPublish = (actor: PlanHolder) => assertAllowed(actor, "publishing");

async function assertRoomForPage(actor: PlanHolder) {
  const plan = planOf(actor);
  const [{ n }] = await (await db()).select({ n: count() }).from(statusPages).where(eq(statusPages.ownerUid, actor.uid));
  if (n < plan.maxStatusPages) return;
  throw planRequired(
    "statusPages",
    `The ${plan.label} plan allows ${plural(plan.maxStatusPages, "status page")}, and you have ${n}. Delete one or upgrade your plan to add more.`,
  );
}

const pageColumns = {
  id: statusPages.id,
  slug: statusPages.slug,
  title: statusPages.title,
  published: statusPages.published,
  showUrls: statusPages.showUrls,
  createdAt: statusPages.createdAt,
  updatedAt: statusPages.updatedAt,
};
type PageRow = { [K in keyof typeof pageColumns]: (typeof pageColumns)[K]["_"]["data"] };

async function withServers(database: Db | Tx, rows: PageRow[]): Promise<StatusPageDto[]> {
  if (rows.length === 0) return [];
  const listed = await database
    .select({ pageId: statusPageServers.pageId, id: servers.id, name: servers.name })
    .from(statusPageServers)
    .innerJoin(servers, eq(servers.id, statusPageServers.serverId))
    .where(inArray(statusPageServers.pageId, rows.map((r) => r.id)))
    .orderBy(asc(statusPageServers.position));
  return rows.map((r) => ({
    ...r,
    servers: listed.filter((s) => s.pageId === r.id).map(({ id, name }) => ({ id, name })),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function listStatusPages(uid: string): Promise<StatusPageDto[]> {
  const database = await db();
  const rows = await database.select(pageColumns).from(statusPages).where(eq(statusPages.ownerUid, uid)).orderBy(asc(statusPages.createdAt), asc(statusPages.id));
  return withServers(database, rows);
}

async function findOwned(database: Db | Tx, uid: string, id: string): Promise<PageRow> {
  if (!UUID.test(id)) throw missing();
  const [row] = await database
    .select(pageColumns)
    .from(statusPages)
    .where(and(eq(statusPages.id, id), eq(statusPages.ownerUid, uid)))
    .limit(1);
  if (!row) throw missing();
  return row;
}

export async function getStatusPage(uid: string, id: string): Promise<StatusPageDto> {
  const database = await db();
  const [page] = await withServers(database, [await findOwned(database, uid, id)]);
  return page;
}

/** Another user's server (or a deleted one) cannot be listed: the same answer for both. */
async function assertOwnsServers(tx: Tx, uid: string, ids: string[]) {
  const owned = await tx
    .select({ id: servers.id })
    .from(servers)
    .where(and(eq(servers.ownerUid, uid), inArray(servers.id, ids)));
  if (owned.length === ids.length) return;
  const message = "Some of these servers are not yours, or no longer exist.";
  throw badRequest(message, [{ path: "serverIds", message }]);
}

async function replaceServers(tx: Tx, pageId: string, ids: string[]) {
  await tx.delete(statusPageServers).where(eq(statusPageServers.pageId, pageId));
  await tx.insert(statusPageServers).values(ids.map((serverId, position) => ({ pageId, serverId, position })));
}

async function slugFree(tx: Tx, slug: string, except?: string) {
  const [taken] = await tx
    .select({ id: statusPages.id })
    .from(statusPages)
    .where(sql`lower(${statusPages.slug}) = lower(${slug})${except ? sql` and ${statusPages.id} <> ${except}` : sql``}`)
    .limit(1);
  if (taken) throw slugTaken();
}

/** Runs a write; a slug taken by a concurrent write (the unique index) reads as the same 409. */
async function writing<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await (await db()).transaction(work);
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  }
}

export async function createStatusPage(actor: PlanHolder, input: StatusPageCreate, origin: Origin = {}): Promise<StatusPageDto> {
  assertCanPublish(actor);
  await assertRoomForPage(actor);
  return addStatusPage(actor.uid, input, origin);
}

/**
 * The page made without asking whether the owner may publish: createStatusPage's
 * work, and the demo's seeding, whose page says only what the console wrote
 * (lib/demo/history.ts).
 */
export async function addStatusPage(uid: string, input: StatusPageCreate, origin: Origin = {}): Promise<StatusPageDto> {
  const id = await writing(async (tx) => {
    await assertOwnsServers(tx, uid, input.serverIds);
    await slugFree(tx, input.slug);
    const [page] = await tx
      .insert(statusPages)
      .values({ ownerUid: uid, slug: input.slug, title: input.title, published: input.published, showUrls: input.showUrls })
      .returning({ id: statusPages.id });
    await replaceServers(tx, page.id, input.serverIds);
    return page.id;
  });
  await record({
    userUid: uid,
    action: "status_page.created",
    summary: `Created the status page /status/${input.slug}${input.published ? "" : " (not published)"}`,
    target: { type: "status_page", id },
    metadata: { slug: input.slug, published: input.published, showUrls: input.showUrls, servers: input.serverIds.length },
    req: origin.req,
    ip: origin.ip,
  });
  return getStatusPage(uid, id);
}

export async function updateStatusPage(actor: PlanHolder, id: string, patch: StatusPageUpdate, origin: Origin = {}): Promise<StatusPageDto> {
  const onlyTakesDown = Object.keys(patch).every((k) => k === "published") && patch.published === false;
  if (!onlyTakesDown) assertCanPublish(actor);
  const { current, changed } = await writing(async (tx) => {
    const current = await findOwned(tx, actor.uid, id);
    const changed: string[] = [];
    const set: Partial<typeof statusPages.$inferInsert> = {};
    if (patch.slug !== undefined && patch.slug !== current.slug) {
      if (patch.slug.toLowerCase() !== current.slug.toLowerCase()) await slugFree(tx, patch.slug, id);
      set.slug = patch.slug;
      changed.push("address");
    }
    for (const field of ["title", "published", "showUrls"] as const) {
      if (patch[field] !== undefined && patch[field] !== current[field]) {
        Object.assign(set, { [field]: patch[field] });
        changed.push(field === "showUrls" ? "URLs shown" : field);
      }
    }
    if (patch.serverIds) {
      await assertOwnsServers(tx, actor.uid, patch.serverIds);
      await replaceServers(tx, id, patch.serverIds);
      changed.push("servers");
    }
    // Any change moves updated_at: the public page's cache is keyed by it, so every instance serves the change at once.
    if (changed.length) await tx.update(statusPages).set({ ...set, updatedAt: new Date() }).where(and(eq(statusPages.id, id), eq(statusPages.ownerUid, actor.uid)));
    return { current, changed };
  });
  if (changed.length) {
    await record({
      userUid: actor.uid,
      action: "status_page.updated",
      summary: `Updated the status page /status/${patch.slug ?? current.slug}: ${changed.join(", ")}`,
      target: { type: "status_page", id },
      metadata: { changed, ...(patch.slug && patch.slug !== current.slug ? { previousSlug: current.slug } : {}) },
      req: origin.req,
      ip: origin.ip,
    });
  }
  return getStatusPage(actor.uid, id);
}

export async function deleteStatusPage(actor: PlanHolder, id: string, origin: Origin = {}): Promise<void> {
  if (!UUID.test(id)) throw missing();
  const [gone] = await (await db())
    .delete(statusPages)
    .where(and(eq(statusPages.id, id), eq(statusPages.ownerUid, actor.uid)))
    .returning({ slug: statusPages.slug });
  if (!gone) throw missing();
  await record({
    userUid: actor.uid,
    action: "status_page.deleted",
    summary: `Deleted the status page /status/${gone.slug}`,
    target: { type: "status_page", id },
    metadata: { slug: gone.slug },
    req: origin.req,
    ip: origin.ip,
  });
}
