"use client";

import { getApps, initializeApp } from "firebase/app";
import {
  browserPopupRedirectResolver,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from "firebase/auth";
import { apiGet } from "@/lib/api-client/fetch";
import { publicConfigSchema, type PublicConfig } from "./config";
import { logAuthEvent } from "../debug-log";

/**
 * Loads the identity config from `GET /api/config`. An invalid or unreachable
 * config is reported and the configuration provided by the page is used
 * instead.
 */
export async function loadPublicConfig(fallback: PublicConfig | null): Promise<PublicConfig> {
  try {
    // Fixed for the life of the deployment: the response cache spares a repeat the round trip.
    const parsed = publicConfigSchema.safeParse(await apiGet<unknown>("/api/config", { cache: true }));
    if (parsed.success) return parsed.data;
    console.warn("Invalid identity config from /api/config; using the page's configuration.", parsed.error.issues);
    logAuthEvent("config_invalid", { issues: parsed.error.issues.map((i) => i.message) });
  } catch (err) {
    console.warn("Could not load /api/config; using the page's configuration.", err);
    logAuthEvent("config_unavailable", { reason: (err as Error).message });
  }
  if (!fallback) throw new Error("Authentication is unavailable: no identity provider configuration.");
  return publicConfigSchema.parse(fallback);
}

let auth: Auth | undefined;

/**
 * The Firebase Auth instance. Persistence is IndexedDB, falling back to
 * session storage where IndexedDB fails (private modes, blocked storage):
 * the SDK takes the first persistence of the list that works.
 */
export function firebaseAuth(config: PublicConfig): Auth {
  if (auth) return auth;
  const app = getApps()[0] ?? initializeApp(config.firebase);
  auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserSessionPersistence],
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  logAuthEvent("auth_initialized", { projectId: config.firebase.projectId, emulator: Boolean(config.authEmulatorUrl) });
  return auth;
}
