import { z } from "zod";
import { route } from "@/lib/http/route";
import { serverRequestReply } from "@/lib/workbench/schema";
import { serverRequests } from "@/lib/workbench/server-requests";

/** The person's answer to a server's request made during a streamed workbench call. */
export const POST = route(
  { auth: "user", params: z.object({ id: z.string().max(64) }), body: serverRequestReply },
  ({ user, params, body }) => {
    serverRequests().answer(user.uid, params.id, body);
    return { answered: true };
  },
);
