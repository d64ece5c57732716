import { route } from "@/lib/route/handler";
import { connectedApps } from "@/lib/oauth-server/grants";
import { connectedAppList } from "@/lib/oauth-server/responses";

/** The apps that hold a grant to one of the person's gateways (Settings → Connected apps). */
export const GET = route({ auth: "user", tokens: false, doc: { summary: "List the apps signed in to your gateways with OAuth", response: connectedAppList } }, async ({ user }) => ({
  apps: await connectedApps(user),
}));
