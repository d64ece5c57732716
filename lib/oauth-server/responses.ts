import { z } from "zod";
import { isoTime } from "../api-contract/fields";

/** The answers of the gateways' OAuth API: one zod schema each, its type inferred from it (see lib/servers/responses.ts). */

const connectedApp = z.object({
  id: z.string().describe("The grant's id."),
  clientId: z.string(),
  clientName: z.string(),
  redirectHosts: z.array(z.string()).describe("Where the app sends people back after they sign in."),
  gateway: z.object({ id: z.string(), name: z.string() }),
  createdAt: isoTime,
  lastUsedAt: isoTime.nullable(),
});
/** A grant in force, as Settings → Connected apps lists it. */
export type ConnectedApp = z.infer<typeof connectedApp>;

export const connectedAppList = z.object({ apps: z.array(connectedApp) });
export const connectedAppRevoked = z.object({ revoked: z.literal(true) });

export const consentDecision = z.object({
  decision: z.enum(["allow", "deny"]),
  gatewayId: z.string().max(64).optional().describe("The gateway to allow, when the app named none."),
});
export const consentAnswer = z.object({ redirectTo: z.string().describe("Where to send the browser: the app's redirect URI with a code, or with access_denied.") });
