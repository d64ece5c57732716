import { z } from "zod";
import { route } from "@/lib/route/handler";
import { setSubscription } from "@/lib/workbench/events";
import { subscriptionRequest } from "@/lib/workbench/schema";
import { subscriptionsResponse } from "@/lib/workbench/responses";

const params = z.object({ id: z.string() });

export const POST = route({ auth: "user", doc: { summary: "Subscribe to a resource's updates", response: subscriptionsResponse }, params, body: subscriptionRequest }, ({ user, params, body }) =>
  setSubscription(user.uid, params.id, body.uri, true),
);

export const DELETE = route({ auth: "user", doc: { summary: "Unsubscribe from a resource's updates", response: subscriptionsResponse }, params, query: subscriptionRequest }, ({ user, params, query }) =>
  setSubscription(user.uid, params.id, query.uri, false),
);
