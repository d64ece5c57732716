import { z } from "zod";
import { route } from "@/lib/route/handler";
import { serverResultFindings } from "@/lib/gateways/result-checks";
import { serverResultFindingsResponse } from "@/lib/gateways/responses";
import type { ServerResultFindingsResponse } from "@/lib/gateways/schema";

const params = z.object({ id: z.string() });
const query = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

export const GET = route(
  { auth: "user", doc: { summary: "What the result guard found in the server's results through your gateways, newest first", response: serverResultFindingsResponse }, params, query },
  async ({ user, params, query }) => {
    const body: ServerResultFindingsResponse = { events: await serverResultFindings(user.uid, params.id, query.limit) };
    return body;
  },
);
