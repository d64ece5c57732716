import { and, eq } from "drizzle-orm";
import { GET as allTicketsGET } from "@/app/api/admin/support/tickets/route";
import { GET as ticketGET, PATCH as ticketPATCH } from "@/app/api/support/tickets/[id]/route";
import { POST as messagePOST } from "@/app/api/support/tickets/[id]/messages/route";
import { GET as ticketsGET, POST as ticketsPOST } from "@/app/api/support/tickets/route";
import { db } from "@/lib/db";
import { activityEvents, servers, ticketCategory } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { TICKET_CATEGORIES } from "@/lib/support/schema";
import { describeEachDatabase } from "../support/databases";
import { call } from "../support/http";
import { signIn as signInWith, signInAdmin as signInAdminWith } from "../support/sign-in";
import { startSmtpReceiver, type SmtpReceiver } from "../support/smtp";

const signIn = () => signInWith({ emailPrefix: "customer", displayName: "Casey Customer" });
const signInAdmin = () => signInAdminWith({ emailPrefix: "helpdesk", displayName: "Helpdesk Person" });

let n = 0;
/** Subjects differ from one test (and database) to the next, so that each mail is told apart. */
const subject = (text: string) => `${text} #${++n}-${Date.now().toString(36)}`;

const open = (cookie: string, body: Record<string, unknown>) => call(ticketsPOST, "/api/support/tickets", { cookie, body });
const ticketCall = (handler: typeof ticketGET, id: string, cookie?: string, init: { method?: string; body?: unknown } = {}) =>
  call(handler, `/api/support/tickets/${id}`, { cookie, params: { id }, ...init });

let smtp: SmtpReceiver;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
});
afterAll(async () => {
  env().smtpUrl = undefined;
  await smtp.stop();
});

it("offers exactly the database's ticket categories", () => {
  expect([...TICKET_CATEGORIES]).toEqual(ticketCategory.enumValues);
});

describeEachDatabase("support tickets", () => {
  beforeEach(() => {
    env().smtpUrl = smtp.url;
  });

  it("opens a ticket about one of the user's servers, mails the administrators and records the event", async () => {
    const admin = await signInAdmin();
    const u = await signIn();
    const [server] = await (await db()).insert(servers).values({ ownerUid: u.uid, name: "Billing MCP", transport: "sse", url: "https://mcp.example.com/sse" }).returning({ id: servers.id });
    const title = subject("Tools vanish");
    const res = await open(u.cookie, { subject: `  ${title}  `, category: "bug", message: "Since Tuesday the tool list is empty.", serverId: server.id });
    expect(res.status).toBe(200);
    expect(res.json.ticket).toMatchObject({
      subject: title,
      category: "bug",
      status: "open",
      server: { id: server.id, name: "Billing MCP" },
      messageCount: 1,
      messages: [{ authorRole: "user", mine: true, body: "Since Tuesday the tool list is empty.", authorName: "Casey Customer" }],
    });
    expect(res.json.ticket.requester).toBeUndefined();

    const mail = await smtp.waitFor((m) => m.subject === `[MCP Console] New ticket: ${title}`);
    expect(mail.to).toEqual(expect.arrayContaining([admin.email.toLowerCase()]));
    expect(mail.text).toContain(u.email);
    expect(mail.text).toContain("Server: Billing MCP");
    expect(mail.text).toContain("> Since Tuesday the tool list is empty.");
    expect(mail.text).toContain(`/admin/support?ticket=${res.json.ticket.id}`);

    const [event] = await (await db()).select().from(activityEvents).where(and(eq(activityEvents.action, "support.ticket_created"), eq(activityEvents.userUid, u.uid)));
    expect(event).toMatchObject({ targetType: "ticket", targetId: res.json.ticket.id, metadata: { category: "bug", serverId: server.id } });
  });

  it("validates the form and refuses another user's server", async () => {
    const u = await signIn();
    const other = await signIn();
    const [theirs] = await (await db()).insert(servers).values({ ownerUid: other.uid, name: "Theirs", transport: "sse", url: "https://x.example.com/sse" }).returning({ id: servers.id });
    for (const body of [{}, { subject: "ok subject", category: "rant", message: "x" }, { subject: "ab", category: "bug", message: "x" }, { subject: "ok subject", category: "bug", message: "   " }]) {
      const res = await open(u.cookie, body);
      expect(res.status).toBe(400);
      expect(res.json.error).toBe("validation_failed");
    }
    const foreign = await open(u.cookie, { subject: "About theirs", category: "bug", message: "hmm", serverId: theirs.id });
    expect(foreign.status).toBe(400);
    expect(foreign.json.details).toEqual([{ path: "serverId", message: "Choose one of your servers." }]);
  });

  it("keeps tickets private: another user gets 404 on every ticket endpoint", async () => {
    const u = await signIn();
    const stranger = await signIn();
    const { id } = (await open(u.cookie, { subject: "Private matter", category: "billing", message: "mine only" })).json.ticket;
    expect((await ticketCall(ticketGET, id, stranger.cookie)).status).toBe(404);
    expect((await call(messagePOST, `/api/support/tickets/${id}/messages`, { cookie: stranger.cookie, params: { id }, body: { body: "peek" } })).status).toBe(404);
    expect((await ticketCall(ticketPATCH, id, stranger.cookie, { method: "PATCH", body: { status: "closed" } })).status).toBe(404);
    expect((await call(ticketsGET, "/api/support/tickets", { cookie: stranger.cookie })).json.tickets).toEqual([]);
    expect((await call(allTicketsGET, "/api/admin/support/tickets", { cookie: stranger.cookie })).status).toBe(403);
    for (const res of [await call(ticketsGET, "/api/support/tickets"), await ticketCall(ticketGET, id), await open("", { subject: "x" })]) {
      expect(res.status).toBe(401);
    }
  });

  it("lets the team answer (ticket answered, the user mailed), the user reply (open again) and close", async () => {
    const admin = await signInAdmin();
    const u = await signIn();
    const title = subject("How do I pin a baseline?");
    const { id } = (await open(u.cookie, { subject: title, category: "question", message: "Where is the button?" })).json.ticket;

    const inbox = await call(allTicketsGET, "/api/admin/support/tickets?status=open", { cookie: admin.cookie });
    expect(inbox.status).toBe(200);
    expect(inbox.json.tickets.find((t: { id: string }) => t.id === id)).toMatchObject({ requester: { uid: u.uid, email: u.email, displayName: "Casey Customer" } });

    const answered = await call(messagePOST, `/api/support/tickets/${id}/messages`, { cookie: admin.cookie, params: { id }, body: { body: "Open the server, Security tab, then Pin baseline." } });
    expect(answered.status).toBe(201);
    expect(answered.json.ticket.status).toBe("answered");

    const mail = await smtp.waitFor((m) => m.subject === `[MCP Console] New answer: ${title}`);
    expect(mail.to).toEqual([u.email]);
    expect(mail.text).toContain("> Open the server, Security tab, then Pin baseline.");
    expect(mail.text).toContain(`/support?ticket=${id}`);

    const seen = (await ticketCall(ticketGET, id, u.cookie)).json.ticket;
    expect(seen.status).toBe("answered");
    expect(seen.messages.map((m: any) => [m.authorName, m.mine])).toEqual([
      ["Casey Customer", true],
      ["MCP Console support", false],
    ]);

    const replied = await call(messagePOST, `/api/support/tickets/${id}/messages`, { cookie: u.cookie, params: { id }, body: { body: "Found it, thanks!" } });
    expect(replied.json.ticket.status).toBe("open");
    expect((await ticketCall(ticketPATCH, id, u.cookie, { method: "PATCH", body: { status: "answered" } })).status).toBe(403);
    const closed = await ticketCall(ticketPATCH, id, u.cookie, { method: "PATCH", body: { status: "closed" } });
    expect(closed.json.ticket.status).toBe("closed");
    const reopenedByAdmin = await ticketCall(ticketPATCH, id, admin.cookie, { method: "PATCH", body: { status: "open" } });
    expect(reopenedByAdmin.json.ticket.status).toBe("open");

    const events = await (await db()).select().from(activityEvents).where(eq(activityEvents.action, "support.message_posted"));
    expect(events.filter((e) => e.targetId === id).map((e) => [e.userUid, e.summary])).toEqual(
      expect.arrayContaining([
        [admin.uid, `Answered support ticket “${title}”`],
        [u.uid, `Replied to support ticket “${title}”`],
      ]),
    );
  });

  it("works without a mail server, sending nothing", async () => {
    env().smtpUrl = undefined;
    const u = await signIn();
    const title = subject("No mail here");
    const res = await open(u.cookie, { subject: title, category: "other", message: "hello" });
    expect(res.status).toBe(200);
    await expect(smtp.waitFor((m) => m.subject.includes(title), 1000)).rejects.toThrow(/No matching mail/);
  });
});
