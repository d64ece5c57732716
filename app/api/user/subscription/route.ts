import { route } from "@/lib/route/handler";
import { effectiveSubscription } from "@/lib/plans/table";
import { subscription } from "@/lib/settings/responses";

export const GET = route({ auth: "user", doc: { summary: "The user's plan and its limits", response: subscription } }, async ({ user }) =>
  effectiveSubscription(user.subscriptionPlan, user.subscriptionExpiresAt),
);
