import { z } from "zod";
import { route } from "@/lib/route/handler";
import { serverChannelsAnswer, serverChannelsChoice } from "@/lib/alerts/channels/schema";
import { getServerChannels, setServerChannels } from "@/lib/alerts/channels/server-choice";

const params = z.object({ id: z.string() });

export const GET = route({ auth: "user", doc: { summary: "Which channels the server's alerts go to", response: serverChannelsAnswer }, params }, ({ user, params }) =>
  getServerChannels(user.uid, params.id),
);

export const PUT = route(
  { auth: "user", doc: { summary: "Send the server's alerts to all channels, or to the chosen ones", response: serverChannelsAnswer }, params, body: serverChannelsChoice },
  ({ user, params, body, req, ip, log }) => setServerChannels(user.uid, params.id, body, { req, ip, log }),
);
