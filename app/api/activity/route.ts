import { listActivity } from "@/lib/activity/queries";
import { activityListQuery } from "@/lib/activity/schema";
import { route } from "@/lib/route/handler";
import { activityPage } from "@/lib/activity/responses";

export const GET = route({ auth: "user", doc: { summary: "The user's activity log, newest first, a page at a time", response: activityPage }, query: activityListQuery }, async ({ user, query }) => {
  const { cursor, limit, ...filters } = query;
  return listActivity(user.uid, filters, { cursor, limit });
});
