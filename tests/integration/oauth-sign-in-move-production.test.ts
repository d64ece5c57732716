import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { servers, users } from "@/lib/db/schema";
import { revokeDroppedSignIn } from "@/lib/oauth-client/revoke";
import { seal, writeOAuth } from "@/lib/oauth-client/store";
import { updateServer } from "@/lib/servers/service";
import { describeEachDatabase } from "../support/databases";
import { startHttpServer, type RunningServer } from "../support/mcp-server";

/**
 * A deployment (a real Firebase project, so the production address policy)
 * whose server behind OAuth moves to another origin: its sign-in is dropped,
 * and the revocation of its tokens at the old authorization server goes
 * through the guarded outbound fetch. An authorization server whose metadata
 * name a revocation endpoint on a private address gets nothing, and the move
 * is made all the same.
 */

process.env.FIREBASE_PROJECT_ID = "console-prod-test";
process.env.AUTH_EMULATOR_IN_PRODUCTION = "allow";
process.env.SESSION_SECRET = randomBytes(32).toString("base64url");
process.env.ENCRYPTION_KEY = randomBytes(32).toString("base64");

const received: string[] = [];
let internal: RunningServer;
beforeAll(async () => {
  internal = await startHttpServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    res.end("{}");
  });
});
afterAll(() => internal.stop());

describeEachDatabase("a server behind OAuth moved to another origin, outside local mode", () => {
  it("drops its sign-in and does not send its tokens to a revocation endpoint on a private address", async () => {
    const d = await db();
    const [owner] = await d.insert(users).values({ uid: `move-${randomBytes(4).toString("hex")}`, email: "move@example.com", displayName: "Move" }).returning();
    const [server] = await d
      .insert(servers)
      .values({ ownerUid: owner.uid, name: "Behind OAuth", transport: "streamable-http", url: "https://tools.example.invalid/mcp", authType: "oauth" })
      .returning();
    await writeOAuth(server.id, {
      status: "authorized",
      tokensEnc: seal(server.id, "tokens", { access_token: "access-secret", refresh_token: "refresh-secret", token_type: "Bearer" }),
      clientEnc: seal(server.id, "client", { client_id: "console" }),
      discovery: {
        authorizationServerUrl: "https://as.example.invalid",
        authorizationServerMetadata: {
          issuer: "https://as.example.invalid",
          authorization_endpoint: "https://as.example.invalid/authorize",
          token_endpoint: "https://as.example.invalid/token",
          revocation_endpoint: `${internal.origin}/revoke`,
          response_types_supported: ["code"],
        },
      },
    });

    const { server: moved, droppedSignIn } = await updateServer(owner, server.id, { url: "https://elsewhere.example.invalid/mcp" });
    expect(moved).toMatchObject({ signInDropped: true, auth: { type: "oauth", status: "authorization_required" } });
    expect(droppedSignIn).not.toBeNull();
    await expect(revokeDroppedSignIn(droppedSignIn!)).resolves.toBeUndefined();
    expect(received).toEqual([]);
  });
});
