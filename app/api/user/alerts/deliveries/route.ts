import { listDeliveries } from "@/lib/alerts/deliveries";
import { deliveriesQuery } from "@/lib/alerts/schema";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "user", doc: { summary: "Recent alert deliveries (email, webhook)" }, query: deliveriesQuery }, async ({ user, query }) => listDeliveries(user.uid, query));
