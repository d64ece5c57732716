import { json, route } from "@/lib/route/handler";
import { channelCreate, channelCreated, channelList } from "@/lib/alerts/channels/schema";
import { createChannel, listChannels } from "@/lib/alerts/channels/service";

export const GET = route({ auth: "user", doc: { summary: "The account's notification channels, with their last delivery", response: channelList } }, ({ user }) => listChannels(user.uid));

export const POST = route(
  {
    auth: "user",
    doc: {
      summary: "Add a notification channel",
      description: "Secrets (webhook URLs, routing keys, tokens, the ntfy topic) are stored encrypted and never answered; a signed webhook's signing secret is answered this once.",
      status: 201,
      response: channelCreated,
    },
    body: channelCreate,
  },
  async ({ user, body, req, ip, log }) => json(await createChannel(user.uid, body, { req, ip, log }), 201),
);
