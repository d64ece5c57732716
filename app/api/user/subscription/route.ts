import { route } from "@/lib/http/route";
import { effectiveSubscription } from "@/lib/plans";

export const GET = route({ auth: "user" }, async ({ user }) =>
  effectiveSubscription(user.subscriptionPlan, user.subscriptionExpiresAt),
);
