import { z } from "zod";
import { route } from "@/lib/route/handler";
import { completeArgument } from "@/lib/workbench/completion";
import { completeRequest } from "@/lib/workbench/schema";
import { completeResponse } from "@/lib/workbench/responses";

export const POST = route(
  { auth: "user", doc: { summary: "Ask the server to complete an argument", response: completeResponse }, params: z.object({ id: z.string() }), body: completeRequest },
  ({ user, params, body }) => completeArgument(user.uid, params.id, body),
);
