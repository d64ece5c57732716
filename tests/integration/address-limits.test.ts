import { eq } from "drizzle-orm";
import { POST as analyticsPOST } from "@/app/api/analytics/events/route";
import { POST as sessionPOST } from "@/app/api/auth/session/route";
import { POST as contactPOST } from "@/app/api/contact/route";
import { db } from "@/lib/db";
import { activityEvents } from "@/lib/db/schema";
import { clientNetwork } from "../support/client-address";
import { describeEachDatabase } from "../support/databases";
import { createUser, uniqueEmail } from "../support/emulator";
import { startEarlyInMinute } from "../support/fixed-window";
import { serveGateways, type Endpoint } from "../support/gateway";
import { call } from "../support/http";

/**
 * Limits per client address count an IPv6 client by its /64, the network a
 * subscriber is given and picks addresses in at will: requests from many
 * addresses of one /64 share one limit, and the next /64 is another client.
 * (The demo's own limit: tests/integration/servers-demo.test.ts.)
 */

let endpoint: Endpoint;
beforeAll(async () => {
  endpoint = await serveGateways();
});
afterAll(async () => {
  await endpoint.stop();
});

/** Sends one request from each of `count` addresses of `network`; their statuses. */
async function fromEachAddress(count: number, network: (host: number) => string, send: (address: string) => Promise<number>): Promise<number[]> {
  const statuses: number[] = [];
  for (let host = 1; host <= count; host++) statuses.push(await send(network(host)));
  return statuses;
}

describeEachDatabase("per-address limits with IPv6 clients", () => {
  it("count sign-in attempts from every address of one /64 together, and keep each address in the audit trail", async () => {
    await startEarlyInMinute();
    const attempt = (address: string, body: Record<string, unknown>) => call(sessionPOST, "/api/auth/session", { body, headers: { "x-forwarded-for": address } });
    const forged = { idToken: "forged", uid: "nobody", email: "nobody@example.com", displayName: null, photoURL: null };
    const network = clientNetwork();
    const statuses = await fromEachAddress(21, network, async (address) => (await attempt(address, forged)).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);

    const next = clientNetwork();
    const user = await createUser(uniqueEmail("ipv6"));
    const res = await attempt(next(1), { idToken: user.idToken, uid: user.uid, email: user.email, displayName: null, photoURL: null });
    expect(res.status).toBe(200);
    const [event] = await (await db()).select({ ip: activityEvents.ip }).from(activityEvents).where(eq(activityEvents.userUid, user.uid));
    expect(event.ip).toBe(next(1));
  });

  it("count contact messages from one /64 together", async () => {
    const send = async (address: string) =>
      (
        await call(contactPOST, "/api/contact", {
          body: { name: "Ada", email: uniqueEmail("contact"), subject: "Hello", message: "A question about the Enterprise plan." },
          headers: { "x-forwarded-for": address },
        })
      ).status;
    const network = clientNetwork();
    expect(await fromEachAddress(6, network, send)).toEqual([201, 201, 201, 201, 201, 429]);
    expect(await send(clientNetwork()(1))).toBe(201);
  });

  it("count analytics batches from one /64 together", async () => {
    await startEarlyInMinute();
    const send = async (address: string) => (await call(analyticsPOST, "/api/analytics/events", { body: { events: [{ name: "page_view", path: "/" }] }, headers: { "x-forwarded-for": address } })).status;
    const statuses = await fromEachAddress(61, clientNetwork(), send);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect(await send(clientNetwork()(1))).toBe(200);
  }, 120_000);

  it("count the authorization server's client registrations from one /64 together", async () => {
    const register = async (address: string) =>
      (
        await fetch(`${endpoint.origin}/oauth/register`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": address },
          body: JSON.stringify({ client_name: "Agent", redirect_uris: ["http://127.0.0.1:7777/callback"], token_endpoint_auth_method: "none" }),
        })
      ).status;
    const network = clientNetwork();
    const statuses = await fromEachAddress(21, network, register);
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(await register(clientNetwork()(1))).toBe(201);
  }, 120_000);
});
