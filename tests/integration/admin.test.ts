import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { PATCH as contactPATCH } from "@/app/api/admin/contact-messages/[id]/route";
import { GET as contactGET } from "@/app/api/admin/contact-messages/route";
import { GET as ticketsGET } from "@/app/api/admin/support/tickets/route";
import { PATCH as userPATCH } from "@/app/api/admin/users/[uid]/route";
import { GET as usersGET } from "@/app/api/admin/users/route";
import { GET as subscriptionGET } from "@/app/api/user/subscription/route";
import { db } from "@/lib/db";
import { activityEvents, contactMessages, servers, supportTickets, users } from "@/lib/db/schema";
import { describeEachDatabase } from "../support/databases";
import { call } from "../support/http";
import { signIn, signInAdmin as signInAdminWith } from "../support/sign-in";

const signInAdmin = () => signInAdminWith({ emailPrefix: "root", displayName: "Root Admin" });

const patchUser = (cookie: string, uid: string, body: unknown) =>
  call(userPATCH, `/api/admin/users/${uid}`, { method: "PATCH", cookie, params: { uid }, body });

describeEachDatabase("administration API", () => {
  it("refuses every endpoint to anonymous visitors (401) and to users (403)", async () => {
    const user = await signIn({ emailPrefix: "plain" });
    const id = randomUUID();
    const endpoints = [
      (cookie?: string) => call(usersGET, "/api/admin/users", { cookie }),
      (cookie?: string) => patchUser(cookie ?? "", user.uid, { plan: "pro" }),
      (cookie?: string) => call(ticketsGET, "/api/admin/support/tickets", { cookie }),
      (cookie?: string) => call(contactGET, "/api/admin/contact-messages", { cookie }),
      (cookie?: string) => call(contactPATCH, `/api/admin/contact-messages/${id}`, { method: "PATCH", cookie, params: { id }, body: { status: "read" } }),
    ];
    for (const endpoint of endpoints) {
      expect((await endpoint(undefined)).status).toBe(401);
      const refused = await endpoint(user.cookie);
      expect(refused.status).toBe(403);
      expect(refused.json.error).toBe("forbidden");
    }
    const [row] = await (await db()).select({ plan: users.subscriptionPlan }).from(users).where(eq(users.uid, user.uid));
    expect(row.plan).toBe("free tier");
  });

  it("lists users with role, plan, expiry, last sign-in and server count; searches and filters", async () => {
    const admin = await signInAdmin();
    const tag = `grp${Date.now().toString(36)}`;
    const d = await db();
    await d.insert(users).values(
      Array.from({ length: 55 }, (_, i) => ({
        uid: `${tag}-${String(i).padStart(2, "0")}`,
        email: `${tag}-${String(i).padStart(2, "0")}@example.com`,
        displayName: i === 7 ? "Grace Hopper" : `Person ${i}`,
        subscriptionPlan: i % 5 === 0 ? ("pro" as const) : ("free tier" as const),
        subscriptionExpiresAt: i === 5 ? new Date("2020-01-01T00:00:00Z") : null,
        lastLoginAt: new Date("2024-06-01T12:00:00Z"),
      })),
    );
    await d.insert(servers).values([
      { ownerUid: `${tag}-03`, name: "a", transport: "sse", url: "https://a.example.com" },
      { ownerUid: `${tag}-03`, name: "b", transport: "sse", url: "https://b.example.com" },
    ]);

    const first = await call(usersGET, `/api/admin/users?q=${tag}`, { cookie: admin.cookie });
    expect(first.status).toBe(200);
    expect(first.json.users).toHaveLength(50);
    expect(first.json.users[3]).toEqual({
      uid: `${tag}-03`,
      email: `${tag}-03@example.com`,
      displayName: "Person 3",
      emailVerified: false,
      role: "user",
      plan: "free tier",
      expiresAt: null,
      effectivePlan: "free tier",
      lastLoginAt: "2024-06-01T12:00:00.000Z",
      createdAt: expect.any(String),
      serverCount: 2,
    });
    expect(first.json.users[5]).toMatchObject({ plan: "pro", expiresAt: "2020-01-01T00:00:00.000Z", effectivePlan: "free tier" });
    const second = await call(usersGET, `/api/admin/users?q=${tag}&cursor=${first.json.nextCursor}`, { cookie: admin.cookie });
    expect(second.json.users.map((u: { uid: string }) => u.uid)).toEqual([50, 51, 52, 53, 54].map((i) => `${tag}-${i}`));
    expect(second.json.nextCursor).toBeNull();

    const byName = await call(usersGET, `/api/admin/users?q=grace%20hop`, { cookie: admin.cookie });
    expect(byName.json.users.map((u: { uid: string }) => u.uid)).toContain(`${tag}-07`);
    const pro = await call(usersGET, `/api/admin/users?q=${tag}&plan=pro`, { cookie: admin.cookie });
    expect(pro.json.users).toHaveLength(11);
    const admins = await call(usersGET, `/api/admin/users?role=admin`, { cookie: admin.cookie });
    expect(admins.json.users.map((u: { uid: string }) => u.uid)).toContain(admin.uid);
    expect(admins.json.users.every((u: { role: string }) => u.role === "admin")).toBe(true);
    // A % in the search is a character, not a wildcard.
    expect((await call(usersGET, `/api/admin/users?q=${tag}%25`, { cookie: admin.cookie })).json.users).toEqual([]);
    expect((await call(usersGET, `/api/admin/users?plan=gold`, { cookie: admin.cookie })).status).toBe(400);
  });

  it("changes a user's plan with an expiry, recorded as account.plan_changed in that user's log", async () => {
    const admin = await signInAdmin();
    const user = await signIn({ emailPrefix: "upgraded" });
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const res = await patchUser(admin.cookie, user.uid, { plan: "pro", expiresAt: until });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ uid: user.uid, plan: "pro", expiresAt: until, effectivePlan: "pro" });

    const sub = await call(subscriptionGET, "/api/user/subscription", { cookie: user.cookie });
    expect(sub.json).toMatchObject({ tier: "pro", active: true, expiresAt: until, features: { dataExport: true } });

    const [event] = await (await db()).select().from(activityEvents).where(and(eq(activityEvents.action, "account.plan_changed"), eq(activityEvents.userUid, user.uid)));
    expect(event.summary).toBe(`Plan changed from Free to Pro until ${until.slice(0, 10)} by an administrator`);
    expect(event.metadata).toEqual({ from: { plan: "free tier", expiresAt: null }, to: { plan: "pro", expiresAt: until } });

    // Back to free: the expiry goes with it.
    const down = await patchUser(admin.cookie, user.uid, { plan: "free tier" });
    expect(down.json.user).toMatchObject({ plan: "free tier", expiresAt: null });
    const changes = await (await db()).select().from(activityEvents).where(and(eq(activityEvents.action, "account.plan_changed"), eq(activityEvents.userUid, user.uid)));
    expect(changes).toHaveLength(2);
  });

  it("changes roles, but never an administrator's own, and validates the change", async () => {
    const admin = await signInAdmin();
    const user = await signIn({ emailPrefix: "promoted" });
    const promoted = await patchUser(admin.cookie, user.uid, { role: "admin" });
    expect(promoted.json.user.role).toBe("admin");
    // A role change ends the user's sessions; signed in again, the user is an administrator.
    expect((await call(usersGET, "/api/admin/users", { cookie: user.cookie })).status).toBe(401);
    const again = await signIn({ user });
    expect((await call(usersGET, "/api/admin/users", { cookie: again.cookie })).status).toBe(200);
    const planEvents = await (await db()).select().from(activityEvents).where(and(eq(activityEvents.userUid, user.uid), eq(activityEvents.action, "account.plan_changed")));
    expect(planEvents).toEqual([]);

    const self = await patchUser(admin.cookie, admin.uid, { role: "user" });
    expect(self.status).toBe(409);
    for (const body of [{}, { role: "owner" }, { plan: "gold" }, { plan: "pro", expiresAt: "2020-01-01T00:00:00Z" }, { expiresAt: "soon" }]) {
      expect((await patchUser(admin.cookie, user.uid, body)).status).toBe(400);
    }
    expect((await patchUser(admin.cookie, "no-such-user", { plan: "pro" })).status).toBe(404);
  });

  it("shows contact-form messages and changes their status", async () => {
    const admin = await signInAdmin();
    const [msg] = await (await db()).insert(contactMessages).values({ name: "Visitor", email: "visitor@example.com", subject: `Pricing ${randomUUID()}`, message: "How much is enterprise?" }).returning({ id: contactMessages.id, subject: contactMessages.subject });
    const list = await call(contactGET, "/api/admin/contact-messages", { cookie: admin.cookie });
    expect(list.json.messages.find((m: { id: string }) => m.id === msg.id)).toMatchObject({ name: "Visitor", email: "visitor@example.com", subject: msg.subject, status: "new" });
    const read = await call(contactPATCH, `/api/admin/contact-messages/${msg.id}`, { method: "PATCH", cookie: admin.cookie, params: { id: msg.id }, body: { status: "read" } });
    expect(read.json.message.status).toBe("read");
    const filtered = await call(contactGET, "/api/admin/contact-messages?status=new", { cookie: admin.cookie });
    expect(filtered.json.messages.map((m: { id: string }) => m.id)).not.toContain(msg.id);
    const missing = randomUUID();
    expect((await call(contactPATCH, `/api/admin/contact-messages/${missing}`, { method: "PATCH", cookie: admin.cookie, params: { id: missing }, body: { status: "read" } })).status).toBe(404);
  });

  it("pages through every ticket and contact message, older ones after newer, none twice, even when they share an instant", async () => {
    const admin = await signInAdmin();
    const instant = new Date(Date.now() + 365 * 86_400_000);
    // Dated ahead of everything else in the inbox, so that they are its first pages.
    const later = (i: number) => new Date(instant.getTime() + Math.floor(i / 3) * 1000);
    const tag = randomUUID();
    const tickets = await (await db())
      .insert(supportTickets)
      .values(Array.from({ length: 120 }, (_, i) => ({ userUid: admin.uid, subject: `Paged ${tag} ${i}`, category: "question" as const, createdAt: later(i), updatedAt: later(i) })))
      .returning({ id: supportTickets.id });
    const messages = await (await db())
      .insert(contactMessages)
      .values(Array.from({ length: 120 }, (_, i) => ({ name: "Visitor", email: "v@example.com", subject: `Paged ${tag} ${i}`, message: "…", createdAt: later(i) })))
      .returning({ id: contactMessages.id });

    async function everyPage(path: string, field: "tickets" | "messages") {
      const seen: { id: string; subject: string }[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await call(field === "tickets" ? ticketsGET : contactGET, `${path}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`, { cookie: admin.cookie });
        expect(res.status).toBe(200);
        expect(res.json[field].length).toBeLessThanOrEqual(50);
        seen.push(...res.json[field]);
        cursor = res.json.nextCursor;
        pages += 1;
      } while (cursor && seen.filter((r) => r.subject.startsWith(`Paged ${tag}`)).length < 120);
      expect(pages).toBeGreaterThanOrEqual(3);
      const ours = seen.filter((r) => r.subject.startsWith(`Paged ${tag}`));
      expect(new Set(ours.map((r) => r.id)).size).toBe(ours.length);
      // Newest first: the subjects' numbers come down, three to an instant.
      const numbers = ours.map((r) => Number(r.subject.split(" ").at(-1)));
      expect(numbers.map((n) => Math.floor(n / 3))).toEqual([...numbers.map((n) => Math.floor(n / 3))].sort((a, b) => b - a));
      return ours.map((r) => r.id);
    }
    expect((await everyPage("/api/admin/support/tickets", "tickets")).sort()).toEqual(tickets.map((t) => t.id).sort());
    expect((await everyPage("/api/admin/contact-messages", "messages")).sort()).toEqual(messages.map((m) => m.id).sort());

    const bad = await call(ticketsGET, "/api/admin/support/tickets?cursor=not-a-cursor", { cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe("The cursor is not valid. Start again from the first page.");
    // Out of the way of the other tests' first pages.
    await (await db()).delete(supportTickets).where(eq(supportTickets.userUid, admin.uid));
    await (await db()).delete(contactMessages).where(inArray(contactMessages.id, messages.map((m) => m.id)));
  });
});
