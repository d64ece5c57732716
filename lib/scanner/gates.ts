import "server-only";
import { planRequired } from "../http/errors";
import { effectiveSubscription, type Feature } from "../plans/table";
import type { PlanHolder } from "../plans/holder";

export const featuresOf = (user: PlanHolder) => effectiveSubscription(user.subscriptionPlan, user.subscriptionExpiresAt).features;

/** 403 `plan_required` naming the feature, which the page turns into what the plan would unlock. */
export function requireFeature(user: PlanHolder, feature: Feature, message: string) {
  if (!featuresOf(user)[feature]) throw planRequired(feature, message);
}
