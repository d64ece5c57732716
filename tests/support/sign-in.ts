import { eq } from "drizzle-orm";
import { POST as sessionPOST } from "@/app/api/auth/session/route";
import { SESSION_COOKIE } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import type { PlanId } from "@/lib/plans/table";
import { clientAddress } from "./client-address";
import { createUser, uniqueEmail, verifyEmail, type EmulatorUser } from "./emulator";
import { call, cookieFrom } from "./http";

export interface SignedIn extends EmulatorUser {
  /** The session cookie, as a Cookie header. */
  cookie: string;
  /** The same user by ID token, for requests made without the cookie. */
  bearer: { authorization: string };
}

export interface SignInOptions {
  /** Signs in this identity; a new one otherwise. */
  user?: EmulatorUser;
  /** The start of a new identity's email, to tell its rows apart. */
  emailPrefix?: string;
  displayName?: string | null;
  photoURL?: string | null;
  plan?: PlanId;
  /** When the plan ends; never by default. */
  planExpiresAt?: Date | null;
}

/** The user's plan, as an administrator would set it. */
export async function setPlan(uid: string, plan: PlanId, expiresAt: Date | null = null) {
  await (await db()).update(users).set({ subscriptionPlan: plan, subscriptionExpiresAt: expiresAt }).where(eq(users.uid, uid));
}

/** Signs in through `POST /api/auth/session`, as the browser does, from an address of its own. */
export async function signIn(options: SignInOptions = {}): Promise<SignedIn> {
  const { displayName = null, photoURL = null } = options;
  const user = options.user ?? (await createUser(uniqueEmail(options.emailPrefix), undefined, displayName ?? undefined));
  const res = await call(sessionPOST, "/api/auth/session", {
    body: { idToken: user.idToken, uid: user.uid, email: user.email, displayName, photoURL },
    headers: { "x-forwarded-for": clientAddress() },
  });
  expect(res.status).toBe(200);
  if (options.plan) await setPlan(user.uid, options.plan, options.planExpiresAt ?? null);
  return { ...user, cookie: cookieFrom(res, SESSION_COOKIE)!, bearer: { authorization: `Bearer ${user.idToken}` } };
}

/** A user as most API tests hold one: requests carry its ID token. */
export interface Session {
  uid: string;
  email: string;
  headers: Record<string, string>;
}

/** A new user on `plan`, signed in. */
export async function signedIn(plan: PlanId = "pro"): Promise<Session> {
  const u = await signIn({ plan });
  return { uid: u.uid, email: u.email, headers: u.bearer };
}

/** An administrator: a verified email listed in ADMIN_EMAILS, signed in. */
export async function signInAdmin(options: Omit<SignInOptions, "user"> = {}): Promise<SignedIn> {
  const email = uniqueEmail(options.emailPrefix ?? "admin");
  env().adminEmails.push(email);
  return signIn({ ...options, user: await verifyEmail(await createUser(email)) });
}
