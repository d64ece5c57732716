import { route } from "@/lib/http/route";
import { effectiveSubscription } from "@/lib/plans";

export const GET = route({ auth: "user", doc: { summary: "The user's plan and its limits" } }, async ({ user }) =>
  effectiveSubscription(user.subscriptionPlan, user.subscriptionExpiresAt),
);
