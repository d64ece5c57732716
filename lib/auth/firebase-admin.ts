import "server-only";
import { getApps, initializeApp, type App } from "firebase-admin/app";
import { getAuth, type Auth } from "firebase-admin/auth";
import { env } from "../env";

const APP_NAME = "mcp-console";

/**
 * firebase-admin's Auth for the configured project. In local mode it talks to
 * the Auth Emulator; firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST once, at
 * the first getAuth(), so it is set before that.
 */
export function adminAuth(): Auth {
  const e = env();
  if (e.authEmulatorHost && !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = e.authEmulatorHost;
  }
  const app: App =
    getApps().find((a) => a.name === APP_NAME) ?? initializeApp({ projectId: e.firebase.projectId }, APP_NAME);
  return getAuth(app);
}
