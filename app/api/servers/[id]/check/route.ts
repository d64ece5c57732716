import { z } from "zod";
import { route } from "@/lib/route/handler";
import { checkNow } from "@/lib/monitoring/service";
import { checkNowResponse } from "@/lib/monitoring/responses";

export const POST = route({ auth: "user", doc: { summary: "Run a health check now", response: checkNowResponse }, params: z.object({ id: z.string() }) }, ({ user, params }) => checkNow(user, params.id));
