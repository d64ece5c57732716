import { z } from "zod";
import { route } from "@/lib/route/handler";
import { streamServerEvents } from "@/lib/workbench/events";
import { serverEventLine } from "@/lib/workbench/responses";

export const GET = route({ auth: "user", doc: { summary: "Stream the server's notifications", contentType: "application/x-ndjson", response: serverEventLine }, params: z.object({ id: z.string() }) }, ({ user, params, req }) =>
  streamServerEvents(user.uid, params.id, req),
);
