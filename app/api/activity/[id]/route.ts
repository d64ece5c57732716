import { z } from "zod";
import { activityDetails } from "@/lib/activity/queries";
import { route } from "@/lib/route/handler";
import { activityDetailsResponse } from "@/lib/activity/responses";

export const GET = route({ auth: "user", doc: { summary: "One activity entry of the user", response: activityDetailsResponse }, params: z.object({ id: z.uuid() }) }, async ({ user, params }) =>
  activityDetails(user.uid, params.id),
);
