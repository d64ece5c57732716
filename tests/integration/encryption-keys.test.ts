import { execFile } from "node:child_process";
import { createCipheriv, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { POST as callPOST } from "@/app/api/servers/[id]/call/route";
import { POST as discoverPOST } from "@/app/api/servers/[id]/discover/route";
import { PATCH as serverPATCH } from "@/app/api/servers/[id]/route";
import { GET as healthGET } from "@/app/api/health/route";
import { secretContext } from "@/lib/crypto/contexts";
import { decrypt, encrypt, isCurrent, type Keyring } from "@/lib/crypto/encryption";
import { checkStoredSecrets } from "@/lib/crypto/key-check";
import { db } from "@/lib/db";
import { openDatabase, type Db } from "@/lib/db/database";
import { activityEvents, serverHeaders, servers, users } from "@/lib/db/schema";
import { createPostgresDatabase, describeEachDatabase } from "../support/databases";
import { call } from "../support/http";
import { startAuthProxy, startEverything, type AuthProxy, type RunningServer } from "../support/mcp-server";
import { signedIn, signInAdmin, type Session } from "../support/sign-in";

// This process rotates: NEW is ENCRYPTION_KEY, OLD is ENCRYPTION_KEY_PREVIOUS (read at the first use of the keys).
const OLD = randomBytes(32);
const NEW = randomBytes(32);
const STRANGER = randomBytes(32);
process.env.ENCRYPTION_KEY = NEW.toString("base64");
process.env.ENCRYPTION_KEY_PREVIOUS = OLD.toString("base64");
afterAll(() => {
  delete process.env.ENCRYPTION_KEY;
  delete process.env.ENCRYPTION_KEY_PREVIOUS;
});

const TOKEN = "rotation-token-5be0c93a71";

/** A value as the previous version of the code sealed it: `v1.<iv>.<tag>.<ciphertext>`, no key id, no associated data. */
function sealedTheOldWay(plaintext: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", ...[iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url"))].join(".");
}

const headerOf = (serverId: string) => secretContext.serverHeader(serverId, "Authorization");

describeEachDatabase("stored secrets under rotated and wrong keys, through the API", () => {
  let everything: RunningServer;
  let proxy: AuthProxy;
  let owner: Session;

  beforeAll(async () => {
    everything = await startEverything("streamableHttp");
    proxy = await startAuthProxy(everything, TOKEN);
    owner = await signedIn();
  });
  afterAll(async () => Promise.all([proxy?.stop(), everything?.stop()]));

  /** A server of the owner behind the auth proxy whose Authorization header is stored as `seal` makes it. */
  async function serverWithHeader(seal: (serverId: string) => string) {
    const id = randomUUID();
    await (await db()).insert(servers).values({ id, ownerUid: owner.uid, name: `rot-${id.slice(0, 8)}`, transport: "streamable-http", url: `${proxy.origin}/mcp` });
    await (await db()).insert(serverHeaders).values({ serverId: id, name: "Authorization", valueEnc: seal(id), valueHint: "71" });
    return id;
  }

  const discover = (id: string) => call(discoverPOST, `/api/servers/${id}/discover`, { method: "POST", headers: owner.headers, params: { id } });
  const storedValue = async (id: string) =>
    (await (await db()).select({ v: serverHeaders.valueEnc }).from(serverHeaders).where(eq(serverHeaders.serverId, id)))[0].v;

  it("connects with headers sealed by ENCRYPTION_KEY_PREVIOUS or in the old format", async () => {
    for (const seal of [(id: string) => encrypt(`Bearer ${TOKEN}`, headerOf(id), { current: OLD }), () => sealedTheOldWay(`Bearer ${TOKEN}`, OLD)]) {
      const id = await serverWithHeader(seal);
      const res = await discover(id);
      expect(res.status).toBe(200);
      expect(res.json.tools.length).toBeGreaterThan(0);
    }
  });

  it("refuses a header copied from another server's row instead of sending it", async () => {
    const original = await serverWithHeader((id) => encrypt(`Bearer ${TOKEN}`, headerOf(id)));
    const copy = await serverWithHeader(() => "placeholder");
    await (await db()).update(serverHeaders).set({ valueEnc: await storedValue(original) }).where(eq(serverHeaders.serverId, copy));
    const seen = proxy.requests.length;
    const res = await discover(copy);
    expect(res.status).toBe(500);
    expect(res.json).toMatchObject({ error: "encryption_key_mismatch", message: expect.stringContaining("copied from another record") });
    expect(proxy.requests.length).toBe(seen);
  });

  it("answers encryption_key_mismatch, saying which keys to configure, when no configured key opens a header", async () => {
    const id = await serverWithHeader((sid) => encrypt(`Bearer ${TOKEN}`, headerOf(sid), { current: STRANGER }));
    const res = await discover(id);
    expect(res.status).toBe(500);
    expect(res.json.error).toBe("encryption_key_mismatch");
    expect(res.json.message).toMatch(/neither ENCRYPTION_KEY nor ENCRYPTION_KEY_PREVIOUS/);

    // The workbench says the same, streamed or not, and nothing reaches the server.
    const seen = proxy.requests.length;
    const workbench = await call(callPOST, `/api/servers/${id}/call`, { headers: owner.headers, params: { id }, body: { method: "ping" } });
    expect(workbench.status).toBe(500);
    expect(workbench.json).toMatchObject({ error: "encryption_key_mismatch", message: expect.stringMatching(/neither ENCRYPTION_KEY nor ENCRYPTION_KEY_PREVIOUS/) });
    const streamed = await call(callPOST, `/api/servers/${id}/call`, {
      headers: { ...owner.headers, accept: "application/x-ndjson" },
      params: { id },
      body: { method: "ping" },
    });
    expect(JSON.parse(streamed.text.trim().split("\n").at(-1)!)).toMatchObject({ type: "error", error: "encryption_key_mismatch" });
    expect(proxy.requests.length).toBe(seen);
  });

  it("refuses an update that would keep a header no key opens, and changes nothing", async () => {
    const id = await serverWithHeader(() => sealedTheOldWay(`Bearer ${TOKEN}`, STRANGER));
    const before = await storedValue(id);
    const res = await call(serverPATCH, `/api/servers/${id}`, {
      method: "PATCH",
      headers: owner.headers,
      params: { id },
      body: { name: "renamed while the key is wrong", headers: [{ name: "Authorization" }] },
    });
    expect(res.status).toBe(500);
    expect(res.json.error).toBe("encryption_key_mismatch");
    const [row] = await (await db()).select({ name: servers.name }).from(servers).where(eq(servers.id, id));
    expect(row.name).not.toBe("renamed while the key is wrong");
    expect(await storedValue(id)).toBe(before);

    // Entering the value again replaces it, and the server connects.
    const fixed = await call(serverPATCH, `/api/servers/${id}`, {
      method: "PATCH",
      headers: owner.headers,
      params: { id },
      body: { headers: [{ name: "Authorization", value: `Bearer ${TOKEN}` }] },
    });
    expect(fixed.status).toBe(200);
    expect((await discover(id)).status).toBe(200);
  });

  it("seals a kept header anew under ENCRYPTION_KEY when the server is saved, without calling it a header change", async () => {
    const id = await serverWithHeader(() => sealedTheOldWay(`Bearer ${TOKEN}`, OLD));
    const res = await call(serverPATCH, `/api/servers/${id}`, {
      method: "PATCH",
      headers: owner.headers,
      params: { id },
      body: { description: "saved after the rotation", headers: [{ name: "Authorization" }] },
    });
    expect(res.status).toBe(200);
    const [event] = await (await db())
      .select({ metadata: activityEvents.metadata })
      .from(activityEvents)
      .where(and(eq(activityEvents.action, "server.updated"), eq(activityEvents.targetId, id)));
    expect(event.metadata).toMatchObject({ changed: ["description"] });
    const stored = await storedValue(id);
    expect(isCurrent(stored, { current: NEW })).toBe(true);
    expect(decrypt(stored, headerOf(id), { current: NEW })).toBe(`Bearer ${TOKEN}`);
    expect((await discover(id)).status).toBe(200);
  });

  it("warns the operator at start, and administrators in /api/health, when stored secrets do not open", async () => {
    // Earlier tests of this suite left values that no configured key opens.
    const warnings = await checkStoredSecrets(await db());
    expect(warnings).toEqual([expect.stringMatching(/^\d+ stored server header values? cannot be decrypted with ENCRYPTION_KEY or ENCRYPTION_KEY_PREVIOUS/)]);
    const admin = await signInAdmin();
    const health = await call(healthGET, "/api/health", { cookie: admin.cookie });
    expect(health.status).toBe(200);
    expect(health.json.warnings).toEqual(warnings);
    // Anonymous callers learn liveness and the database's reachability, not what is wrong inside.
    expect((await call(healthGET, "/api/health")).json.warnings).toBeUndefined();
  });
});

/** The databases `npm run reencrypt` is run on as its own process: a PGlite data folder, and PostgreSQL when configured. */
const COMMAND_TARGETS: { name: string; prepare(): Promise<{ env: Record<string, string>; open(): Promise<{ db: Db; close(): Promise<void> }>; cleanup(): Promise<void> }> }[] = [
  {
    name: "pglite",
    prepare: async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-console-reencrypt-"));
      return {
        env: { DATA_DIR: dataDir },
        open: () => openDatabase({ dataDir }),
        cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: "postgres",
          prepare: async () => {
            const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
            return { env: { DATABASE_URL: created.url }, open: () => openDatabase({ url: created.url }), cleanup: created.drop };
          },
        },
      ]
    : []),
];

function reencrypt(env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["scripts/reencrypt.mjs"],
      {
        // Only the database and keys the test names, not this process's (an undefined variable is not passed on).
        env: {
          ...process.env,
          DATABASE_URL: undefined,
          DATA_DIR: undefined,
          ENCRYPTION_KEY: undefined,
          ENCRYPTION_KEY_PREVIOUS: undefined,
          NODE_OPTIONS: "",
          LOG_LEVEL: "silent",
          FIREBASE_PROJECT_ID: "demo-mcp-console-test",
          ...env,
        },
        timeout: 90_000,
      },
      (err: Error | null, stdout: string, stderr: string) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

describe.each(COMMAND_TARGETS)("npm run reencrypt [$name]", (target) => {
  it("seals every secret anew under ENCRYPTION_KEY, counts what it did, and names what no key opens", async () => {
    const t = await target.prepare();
    try {
      const rotating: Keyring = { current: NEW, previous: OLD };
      const ids = { current: randomUUID(), previousKey: randomUUID(), oldFormat: randomUUID(), stranger: randomUUID() };
      let handle = await t.open();
      await handle.db.insert(users).values({ uid: "rotating-owner", email: "rotating@example.com", displayName: "Rotating", webhookUrl: "https://hooks.example.com/x", webhookSecretEnc: encrypt("whsec-1", secretContext.webhookSecret("rotating-owner"), { current: OLD }) });
      for (const [label, id] of Object.entries(ids)) {
        await handle.db.insert(servers).values({ id, ownerUid: "rotating-owner", name: label, transport: "streamable-http", url: "https://mcp.example.com/mcp" });
        const value = `Bearer ${label}`;
        const valueEnc = {
          current: () => encrypt(value, headerOf(id), { current: NEW }),
          previousKey: () => encrypt(value, headerOf(id), { current: OLD }),
          oldFormat: () => sealedTheOldWay(value, OLD),
          stranger: () => encrypt(value, headerOf(id), { current: STRANGER }),
        }[label as keyof typeof ids]();
        await handle.db.insert(serverHeaders).values({ serverId: id, name: "Authorization", valueEnc, valueHint: "" });
      }
      await handle.close();
      const env = { ...t.env, ENCRYPTION_KEY: NEW.toString("base64"), ENCRYPTION_KEY_PREVIOUS: OLD.toString("base64") };

      const first = await reencrypt(env);
      expect(first.output).toContain("server header values: 2 re-encrypted, 1 already current, 1 unreadable");
      expect(first.output).toContain(`unreadable (unknown_key): `);
      expect(first.output).toContain("webhook signing secrets: 1 re-encrypted, 0 already current, 0 unreadable");
      expect(first.code).toBe(1);

      handle = await t.open();
      const onlyNew: Keyring = { current: NEW };
      for (const [label, id] of Object.entries(ids)) {
        const stored = (await handle.db.select({ v: serverHeaders.valueEnc }).from(serverHeaders).where(eq(serverHeaders.serverId, id)))[0].v;
        if (label === "stranger") {
          expect(() => decrypt(stored, headerOf(id), rotating)).toThrow(/neither ENCRYPTION_KEY nor ENCRYPTION_KEY_PREVIOUS/);
          continue;
        }
        // Without the previous key now: the rotation is complete for everything readable.
        expect(decrypt(stored, headerOf(id), onlyNew)).toBe(`Bearer ${label}`);
      }
      const [owner] = await handle.db.select({ v: users.webhookSecretEnc }).from(users).where(eq(users.uid, "rotating-owner"));
      expect(decrypt(owner.v!, secretContext.webhookSecret("rotating-owner"), onlyNew)).toBe("whsec-1");
      // Once the secret no key opens is entered again, a second run has nothing left to do.
      await handle.db.delete(servers).where(eq(servers.id, ids.stranger));
      await handle.close();

      const second = await reencrypt({ ...t.env, ENCRYPTION_KEY: NEW.toString("base64") });
      expect(second.output).toContain("server header values: 0 re-encrypted, 3 already current, 0 unreadable");
      expect(second.output).toContain("webhook signing secrets: 0 re-encrypted, 1 already current, 0 unreadable");
      expect(second.code).toBe(0);
    } finally {
      await t.cleanup();
    }
  });
});
