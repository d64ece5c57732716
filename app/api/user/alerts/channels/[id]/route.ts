import { z } from "zod";
import { route } from "@/lib/route/handler";
import { channelDto, channelUpdate } from "@/lib/alerts/channels/schema";
import { deleteChannel, updateChannel } from "@/lib/alerts/channels/service";

const params = z.object({ id: z.string() });

export const PATCH = route(
  { auth: "user", doc: { summary: "Rename a notification channel or change its settings (a secret left out keeps its value)", response: channelDto }, params, body: channelUpdate },
  ({ user, params, body, req, ip, log }) => updateChannel(user.uid, params.id, body, { req, ip, log }),
);

export const DELETE = route({ auth: "user", doc: { summary: "Delete a notification channel", status: 204 }, params }, async ({ user, params, req, ip, log }) => {
  await deleteChannel(user.uid, params.id, { req, ip, log });
  return new Response(null, { status: 204 });
});
