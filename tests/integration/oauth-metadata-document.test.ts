import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { oauthClients } from "@/lib/db/schema";
import { describeEachDatabase } from "../support/databases";
import { serveGateways, type Endpoint } from "../support/gateway";

/**
 * A deployment's authorization server (a real Firebase project, so the
 * outbound address policy of production: no loopback, no private address)
 * given clients that name themselves by the URL of a metadata document at a
 * private address: each refused with a clear error, nothing stored.
 */

process.env.FIREBASE_PROJECT_ID = "console-prod-test";
process.env.AUTH_EMULATOR_IN_PRODUCTION = "allow";
process.env.SESSION_SECRET = randomBytes(32).toString("base64url");
process.env.ENCRYPTION_KEY = randomBytes(32).toString("base64");

let endpoint: Endpoint;
beforeAll(async () => {
  endpoint = await serveGateways({ asAppUrl: true });
});
afterAll(() => endpoint.stop());

const authorize = (clientId: string) =>
  fetch(
    `${endpoint.origin}/oauth/authorize?${new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: "https://agent.example/cb", code_challenge: "z".repeat(43), code_challenge_method: "S256" })}`,
    { redirect: "manual" },
  );

describeEachDatabase("client metadata documents outside local mode", () => {
  it.each(["https://10.0.0.7/client.json", "https://127.0.0.1/client.json", "https://[::1]/client.json", "https://169.254.169.254/latest/meta-data"])(
    "refuses a metadata document at a private address: %s",
    async (clientId) => {
      const res = await authorize(clientId);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string; error_description: string };
      expect(body.error).toBe("invalid_client");
      expect(body.error_description).toContain(`The client's metadata document at ${clientId} could not be read:`);
      expect(await (await db()).select().from(oauthClients).where(eq(oauthClients.clientId, clientId))).toEqual([]);
    },
  );

  it("does not read an http URL as a metadata document outside local mode", async () => {
    const res = await authorize("http://127.0.0.1:9/client.json");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "invalid_client", error_description: "Invalid client_id" });
  });
});
