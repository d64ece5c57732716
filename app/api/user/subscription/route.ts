import { route } from "@/lib/route/handler";
import { effectiveSubscription, subscription } from "@/lib/plans/table";

export const GET = route({ auth: "user", doc: { summary: "The user's plan and its limits", response: subscription } }, async ({ user }) =>
  effectiveSubscription(user.subscriptionPlan, user.subscriptionExpiresAt),
);
