import { dashboardSummary } from "@/lib/dashboard/service";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "user", doc: { summary: "The dashboard's summary of the user's servers" } }, ({ user }) => dashboardSummary(user));
