import { dashboardSummary } from "@/lib/dashboard/service";
import { route } from "@/lib/route/handler";
import { dashboardSummaryResponse } from "@/lib/dashboard/responses";

export const GET = route({ auth: "user", doc: { summary: "The dashboard's summary of the user's servers", response: dashboardSummaryResponse } }, ({ user }) => dashboardSummary(user));
