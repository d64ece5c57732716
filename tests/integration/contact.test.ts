import { eq } from "drizzle-orm";
import { POST as contactPOST } from "@/app/api/contact/route";
import { db } from "@/lib/db";
import { contactMessages } from "@/lib/db/schema";
import { describeEachDatabase } from "../support/databases";
import { clientAddress } from "../support/client-address";
import { call } from "../support/http";

let sent = 0;
const message = (extra: Record<string, unknown> = {}) => ({
  name: "Ada Lovelace",
  email: `ada-${Date.now()}-${++sent}@example.com`,
  subject: "Enterprise plan",
  message: "We run forty MCP servers and would like to talk about Enterprise.",
  ...extra,
});

async function send(body: unknown, ip: string) {
  return call(contactPOST, "/api/contact", { body, headers: { "x-forwarded-for": ip, "user-agent": "jest-contact" } });
}

async function stored(email: string) {
  return (await db()).select().from(contactMessages).where(eq(contactMessages.email, email));
}

describeEachDatabase("POST /api/contact", () => {
  it("stores a valid message with its origin and confirms it", async () => {
    const body = message();
    const ip = clientAddress();
    const res = await send(body, ip);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ ok: true, message: "Thank you. Your message has been received." });
    const rows = await stored(body.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Ada Lovelace",
      subject: "Enterprise plan",
      message: body.message,
      status: "new",
      ip,
      userAgent: "jest-contact",
    });
  });

  it("trims the fields before storing them", async () => {
    const body = message({ name: "  Grace Hopper  ", subject: "  Question  " });
    await send(body, clientAddress());
    const [row] = await stored(body.email);
    expect(row).toMatchObject({ name: "Grace Hopper", subject: "Question" });
  });

  it("answers 400 with the field problems and stores nothing", async () => {
    const body = message({ name: "", email: "not-an-email", message: "short" });
    const res = await send(body, clientAddress());
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("validation_failed");
    expect(res.json.details.map((d: { path: string }) => d.path).sort()).toEqual(["email", "message", "name"]);
    expect(await stored("not-an-email")).toHaveLength(0);
  });

  it("gives a filled honeypot the same answer and stores nothing", async () => {
    const body = message({ website: "https://spam.example" });
    const res = await send(body, clientAddress());
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ ok: true, message: "Thank you. Your message has been received." });
    expect(await stored(body.email)).toHaveLength(0);
  });

  it("limits each address to five messages an hour", async () => {
    const ip = clientAddress();
    for (let i = 0; i < 5; i++) expect((await send(message({ email: `limit-${i}-${ip}@example.com` }), ip)).status).toBe(201);
    const refused = await send(message({ email: `limit-6-${ip}@example.com` }), ip);
    expect(refused.status).toBe(429);
    expect(refused.json.error).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await stored(`limit-6-${ip}@example.com`)).toHaveLength(0);
    expect((await send(message(), clientAddress())).status).toBe(201);
  });

  it("refuses a body larger than 16 kB", async () => {
    const res = await send(message({ message: "x".repeat(20 * 1024) }), clientAddress());
    expect(res.status).toBe(413);
  });
});
