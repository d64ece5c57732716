/** @jest-environment node */
import type { User } from "firebase/auth";
import { ApiError, isApiError, userMessage } from "@/lib/api-client/api-error";
import { firebaseConfigSchema } from "@/lib/auth/config";
import { payloadDisplayName, resetSync, SYNC_DEDUP_WINDOW_MS, SYNC_ERRORS, syncUserWithBackend } from "@/lib/auth/sync";
import { SYNC_TOKEN_MAX_AGE_SEC, tokenFreshEnough } from "@/lib/auth/token-sync";

function fakeUser(overrides: Partial<User> = {}): User {
  return {
    uid: "u1",
    email: "ada@example.com",
    displayName: null,
    photoURL: null,
    getIdToken: jest.fn(async () => "token-1"),
    ...overrides,
  } as unknown as User;
}

function okResponse() {
  return new Response(JSON.stringify({ user: { uid: "u1", role: "user" } }), { status: 200, headers: { "content-type": "application/json" } });
}

beforeEach(() => {
  resetSync();
  global.fetch = jest.fn(async () => okResponse()) as typeof fetch;
});

describe("backend sync", () => {
  it("sends the session payload to POST /api/auth/session", async () => {
    await syncUserWithBackend(fakeUser());
    const [url, init] = (global.fetch as jest.Mock).mock.calls[0];
    expect(url).toBe("/api/auth/session");
    expect(init).toMatchObject({ method: "POST", credentials: "include" });
    expect(JSON.parse(init.body)).toEqual({ idToken: "token-1", email: "ada@example.com", displayName: "ada", photoURL: null, uid: "u1" });
  });

  it("skips a duplicate sync for the same user within 5 s, not after", async () => {
    const user = fakeUser();
    const t0 = 1_000_000;
    await syncUserWithBackend(user, t0);
    await syncUserWithBackend(user, t0 + SYNC_DEDUP_WINDOW_MS - 1);
    expect(global.fetch).toHaveBeenCalledTimes(1);
    await syncUserWithBackend(user, t0 + SYNC_DEDUP_WINDOW_MS);
    expect(global.fetch).toHaveBeenCalledTimes(2);
    await syncUserWithBackend(fakeUser({ uid: "u2" }), t0 + SYNC_DEDUP_WINDOW_MS + 1);
    expect(global.fetch).toHaveBeenCalledTimes(3);
  });

  it("fails with its own texts", async () => {
    await expect(syncUserWithBackend(fakeUser({ email: null }))).rejects.toThrow("Missing required user data for backend sync");
    resetSync();
    const broken = fakeUser({ getIdToken: jest.fn(async () => Promise.reject(new Error("quota exceeded"))) as never });
    await expect(syncUserWithBackend(broken)).rejects.toThrow("Failed to get Firebase ID token: quota exceeded");
    resetSync();
    global.fetch = jest.fn(async () => Promise.reject(new TypeError("fetch failed"))) as typeof fetch;
    await expect(syncUserWithBackend(fakeUser())).rejects.toThrow("Network error: Cannot connect to server. Please check your internet connection.");
    expect(SYNC_ERRORS.missingData).toBe("Missing required user data for backend sync");
  });

  it("fails with the API's error, code and message, whatever went wrong", async () => {
    global.fetch = jest.fn(async () => new Response(JSON.stringify({ error: "rate_limited", message: "Too many sign-ins." }), { status: 429 })) as typeof fetch;
    const refused = await syncUserWithBackend(fakeUser()).catch((err: unknown) => err);
    expect(isApiError(refused, "rate_limited")).toBe(true);
    expect(userMessage(refused)).toBe("Too many sign-ins.");
    resetSync();
    await expect(syncUserWithBackend(fakeUser({ email: null }))).rejects.toBeInstanceOf(ApiError);
  });

  it("does not remember a failed sync, so the next try runs", async () => {
    global.fetch = jest.fn(async () => Promise.reject(new TypeError("down"))) as typeof fetch;
    await expect(syncUserWithBackend(fakeUser(), 0)).rejects.toThrow();
    global.fetch = jest.fn(async () => okResponse()) as typeof fetch;
    await expect(syncUserWithBackend(fakeUser(), 1)).resolves.toMatchObject({ uid: "u1" });
  });

  it("falls back to the email's local part, else User, for the display name", () => {
    expect(payloadDisplayName("  Ada  ", "x@y.z")).toBe("Ada");
    expect(payloadDisplayName(null, "grace@navy.mil")).toBe("grace");
    expect(payloadDisplayName(null, null)).toBe("User");
  });
});

describe("identity config validation", () => {
  const valid = { apiKey: "AIzaKey", authDomain: "x.firebaseapp.com", projectId: "x", messagingSenderId: "1", appId: "a" };
  it("accepts a complete config", () => expect(firebaseConfigSchema.safeParse(valid).success).toBe(true));
  it("requires an apiKey", () => {
    const r = firebaseConfigSchema.safeParse({ ...valid, apiKey: "" });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toMatch(/authentication is unavailable/);
  });
  it("refuses an apiKey with a colon", () => {
    expect(firebaseConfigSchema.safeParse({ ...valid, apiKey: "a:b" }).error!.issues[0].message).toBe("apiKey must not contain a colon");
  });
});

describe("sync URL token age", () => {
  it("sends tokens no older than 300 s", () => {
    expect(SYNC_TOKEN_MAX_AGE_SEC).toBe(300);
    const now = 1_700_000_000_000;
    expect(tokenFreshEnough(now / 1000 - 300, now)).toBe(true);
    expect(tokenFreshEnough(now / 1000 - 301, now)).toBe(false);
  });
});
