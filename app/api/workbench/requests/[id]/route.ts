import { z } from "zod";
import { route } from "@/lib/route/handler";
import { enforce } from "@/lib/rate-limit/service";
import { serverRequestReply } from "@/lib/workbench/schema";
import { serverRequests } from "@/lib/workbench/server-requests";

const answeredResponse = z.object({ answered: z.literal(true) });

/** Answers per user per minute: a person types them; a script hammering validation gets 429. */
const ANSWERS_PER_MINUTE = 60;

/** The person's answer to a server's request made during a streamed workbench call. */
export const POST = route(
  { auth: "user", doc: { summary: "Answer a server's request (sampling, elicitation, roots) during a call", response: answeredResponse }, params: z.object({ id: z.string().max(64) }), body: serverRequestReply, maxBodyBytes: 16 * 1024 },
  async ({ user, params, body }) => {
    await enforce(`workbench-answer:${user.uid}`, ANSWERS_PER_MINUTE, 60);
    await serverRequests().answer(user.uid, params.id, body);
    return { answered: true };
  },
);
