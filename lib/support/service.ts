import "server-only";
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { record } from "../activity/service";
import { db } from "../db";
import { exactTime, keysetPage, olderThan, parseCursor } from "../db/time-cursor";
import { servers, supportMessages, supportTickets, users } from "../db/schema";
import { badRequest, forbidden, notFound } from "../http/errors";
import type { Logger } from "../log";
import { enforce } from "../rate-limit/service";
import { notifyAnswer, notifyNewTicket } from "./notify";
import type { TicketCreate, TicketMessage, TicketPage, TicketStatus, TicketSummary, TicketThread } from "./schema";

export interface Viewer {
  uid: string;
  role: "user" | "admin";
  email: string;
  displayName: string;
}

export interface ActionContext {
  req?: Request;
  ip?: string;
  log: Logger;
}

const TICKETS_PER_HOUR = 10;
const MESSAGES_PER_HOUR = 60;
/** A user's own tickets: the hourly limit keeps them few. */
const LIST_LIMIT = 200;
/** The administrators' inbox, a page at a time. */
export const INBOX_PAGE = 50;

const summaryColumns = {
  id: supportTickets.id,
  subject: supportTickets.subject,
  category: supportTickets.category,
  status: supportTickets.status,
  serverId: supportTickets.serverId,
  serverName: servers.name,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
  updatedAtExact: exactTime(supportTickets.updatedAt),
  ownerUid: supportTickets.userUid,
  ownerEmail: users.email,
  ownerName: users.displayName,
  messageCount: sql<number>`(select count(*)::int from ${supportMessages} where ${supportMessages.ticketId} = ${supportTickets.id})`,
};

async function selectSummaries(where: SQL | undefined, limit = LIST_LIMIT) {
  return (await db())
    .select(summaryColumns)
    .from(supportTickets)
    .innerJoin(users, eq(users.uid, supportTickets.userUid))
    .leftJoin(servers, eq(servers.id, supportTickets.serverId))
    .where(where)
    .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
    .limit(limit);
}

type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

function toSummary(row: SummaryRow, withRequester: boolean): TicketSummary {
  return {
    id: row.id,
    subject: row.subject,
    category: row.category,
    status: row.status,
    server: row.serverId && row.serverName ? { id: row.serverId, name: row.serverName } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    messageCount: row.messageCount,
    ...(withRequester ? { requester: { uid: row.ownerUid, email: row.ownerEmail, displayName: row.ownerName } } : {}),
  };
}

/** The user's own tickets, most recently active first. */
export async function listOwnTickets(uid: string): Promise<TicketSummary[]> {
  return (await selectSummaries(eq(supportTickets.userUid, uid))).map((r) => toSummary(r, false));
}

/** Every ticket, for the administrators' inbox, most recently active first, a page at a time. */
export async function listAllTickets(filter: { status?: TicketStatus; cursor?: string }): Promise<TicketPage> {
  const after = parseCursor(filter.cursor);
  const rows = await selectSummaries(
    and(
      filter.status ? eq(supportTickets.status, filter.status) : undefined,
      after ? olderThan(supportTickets.updatedAt, supportTickets.id, after) : undefined,
    ),
    INBOX_PAGE + 1,
  );
  const { shown, nextCursor } = keysetPage(rows, INBOX_PAGE, (r) => r.updatedAtExact);
  return { tickets: shown.map((r) => toSummary(r, true)), nextCursor };
}

/** A ticket the viewer may see: their own, or any for an administrator; otherwise not found. */
async function visibleTicket(viewer: Viewer, id: string): Promise<SummaryRow> {
  const owner = viewer.role === "admin" ? undefined : eq(supportTickets.userUid, viewer.uid);
  const [row] = await selectSummaries(and(eq(supportTickets.id, id), owner), 1);
  if (!row) throw notFound("This ticket does not exist.");
  return row;
}

export async function getThread(viewer: Viewer, id: string): Promise<TicketThread> {
  const ticket = await visibleTicket(viewer, id);
  const rows = await (await db())
    .select({
      id: supportMessages.id,
      authorUid: supportMessages.authorUid,
      authorRole: supportMessages.authorRole,
      authorName: users.displayName,
      body: supportMessages.body,
      createdAt: supportMessages.createdAt,
    })
    .from(supportMessages)
    .leftJoin(users, eq(users.uid, supportMessages.authorUid))
    .where(eq(supportMessages.ticketId, id))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  const messages: TicketMessage[] = rows.map((m) => ({
    id: m.id,
    authorRole: m.authorRole,
    // Answers come from the team, not from a named person the user never met.
    authorName: m.authorRole === "admin" && m.authorUid !== ticket.ownerUid ? "MCP Console support" : (m.authorName ?? "Deleted account"),
    mine: m.authorUid === viewer.uid,
    body: m.body,
    createdAt: m.createdAt.toISOString(),
  }));
  return { ...toSummary(ticket, viewer.role === "admin"), messages };
}

export async function createTicket(user: Viewer, input: TicketCreate, ctx: ActionContext): Promise<TicketThread> {
  await enforce(`support:ticket:${user.uid}`, TICKETS_PER_HOUR, 3600, "You opened many tickets in the last hour. Add to an open one or try again later.");
  const d = await db();
  let serverName: string | null = null;
  if (input.serverId) {
    const [server] = await d
      .select({ name: servers.name })
      .from(servers)
      .where(and(eq(servers.id, input.serverId), eq(servers.ownerUid, user.uid)));
    if (!server) throw badRequest("Some fields are not valid.", [{ path: "serverId", message: "Choose one of your servers." }]);
    serverName = server.name;
  }
  const id = await d.transaction(async (tx) => {
    const [ticket] = await tx
      .insert(supportTickets)
      .values({ userUid: user.uid, serverId: input.serverId ?? null, subject: input.subject, category: input.category })
      .returning({ id: supportTickets.id });
    await tx.insert(supportMessages).values({ ticketId: ticket.id, authorUid: user.uid, authorRole: "user", body: input.message });
    return ticket.id;
  });
  await record({
    userUid: user.uid,
    action: "support.ticket_created",
    summary: `Opened support ticket “${input.subject}”`,
    target: { type: "ticket", id },
    metadata: { category: input.category, ...(input.serverId ? { serverId: input.serverId } : {}) },
    req: ctx.req,
    ip: ctx.ip,
  });
  void notifyNewTicket({ id, subject: input.subject, category: input.category, serverName }, user, input.message, ctx.log).catch(
    (err: Error) => ctx.log.warn("ticket notification failed", { reason: err.message }),
  );
  return getThread(user, id);
}

/**
 * A message in a ticket's thread. The team's answer marks the ticket
 * answered and mails the user; the user's message (re)opens it.
 */
export async function postMessage(viewer: Viewer, id: string, body: string, ctx: ActionContext): Promise<TicketThread> {
  const ticket = await visibleTicket(viewer, id);
  await enforce(`support:message:${viewer.uid}`, MESSAGES_PER_HOUR, 3600, "You posted many messages in the last hour. Try again later.");
  const answering = viewer.role === "admin" && viewer.uid !== ticket.ownerUid;
  const status: TicketStatus = answering ? "answered" : "open";
  await (await db()).transaction(async (tx) => {
    await tx.insert(supportMessages).values({ ticketId: id, authorUid: viewer.uid, authorRole: viewer.role, body });
    await tx.update(supportTickets).set({ status, updatedAt: new Date() }).where(eq(supportTickets.id, id));
  });
  await record({
    userUid: viewer.uid,
    action: "support.message_posted",
    summary: answering ? `Answered support ticket “${ticket.subject}”` : `Replied to support ticket “${ticket.subject}”`,
    target: { type: "ticket", id },
    metadata: { status },
    req: ctx.req,
    ip: ctx.ip,
  });
  if (answering) {
    void notifyAnswer(ticket, ticket.ownerEmail, body, ctx.log);
  }
  return getThread(viewer, id);
}

/** Users close or reopen their own tickets; the team sets any status. */
export async function updateStatus(viewer: Viewer, id: string, status: TicketStatus): Promise<TicketThread> {
  const ticket = await visibleTicket(viewer, id);
  if (viewer.role !== "admin" && status === "answered") {
    throw forbidden("Only the support team marks a ticket answered.");
  }
  if (ticket.status !== status) {
    await (await db()).update(supportTickets).set({ status, updatedAt: new Date() }).where(eq(supportTickets.id, id));
  }
  return getThread(viewer, id);
}
