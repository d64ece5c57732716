import { DEMO_PLAN, isDemoAccount } from "./demo";
import { effectiveSubscription, PLANS, type Plan, type PlanId } from "./table";

/** Whoever a plan applies to: a signed-in user, or a server's owner as a background job reads it. */
export interface PlanHolder {
  uid: string;
  subscriptionPlan: PlanId;
  subscriptionExpiresAt: Date | null;
}

/** The plan of the account `uid` on the subscription tier in force: a demo visitor's is the demo's, whatever the tier. */
export const planFor = (uid: string, tier: PlanId): Plan => (isDemoAccount(uid) ? DEMO_PLAN : PLANS[tier]);

/** The plan in force for the holder now: a paid plan past its expiry is the free one. */
export const planOf = (user: PlanHolder): Plan =>
  planFor(user.uid, effectiveSubscription(user.subscriptionPlan, user.subscriptionExpiresAt).tier);
