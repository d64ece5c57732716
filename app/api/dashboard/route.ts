import { dashboardSummary } from "@/lib/dashboard/service";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "user" }, ({ user }) => dashboardSummary(user));
