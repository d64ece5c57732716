import { listDeliveries } from "@/lib/alerts/deliveries";
import { deliveriesQuery } from "@/lib/alerts/schema";
import { route } from "@/lib/route/handler";
import { deliveriesPage } from "@/lib/alerts/responses";

export const GET = route({ auth: "user", doc: { summary: "Recent alert deliveries (email, webhook)", response: deliveriesPage }, query: deliveriesQuery }, async ({ user, query }) => listDeliveries(user.uid, query));
