import "server-only";
import { env } from "../env";
import { publicConfigSchema, type PublicConfig } from "./config";

/** The identity config the browser needs; null when it is invalid (then sign-in is unavailable). */
export function publicConfig(): PublicConfig | null {
  const e = env();
  const parsed = publicConfigSchema.safeParse({
    firebase: e.firebase,
    ...(e.localMode && e.authEmulatorHost ? { authEmulatorUrl: `http://${e.authEmulatorHost}` } : {}),
    ...(e.authSyncUrl ? { syncUrl: e.authSyncUrl } : {}),
    ...(e.demoAccounts ? { demoAccounts: true } : {}),
  });
  return parsed.success ? parsed.data : null;
}
