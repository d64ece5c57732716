import { z } from "zod";
import { route } from "@/lib/http/route";
import { streamServerEvents } from "@/lib/workbench/events";

export const GET = route({ auth: "user", doc: { summary: "Stream the server's notifications", contentType: "application/x-ndjson" }, params: z.object({ id: z.string() }) }, ({ user, params, req }) =>
  streamServerEvents(user.uid, params.id, req),
);
