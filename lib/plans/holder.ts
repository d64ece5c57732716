import { effectiveSubscription, PLANS, type Plan, type PlanId } from "./table";

/** Whoever a plan applies to: a signed-in user, or a server's owner as a background job reads it. */
export interface PlanHolder {
  uid: string;
  subscriptionPlan: PlanId;
  subscriptionExpiresAt: Date | null;
}

/** The plan in force for the holder now: a paid plan past its expiry is the free one. */
export const planOf = (user: PlanHolder): Plan =>
  PLANS[effectiveSubscription(user.subscriptionPlan, user.subscriptionExpiresAt).tier];
