import { adminUsersQuery } from "@/lib/admin/schema";
import { listUsers } from "@/lib/admin/service";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "admin", doc: { summary: "Search the users" }, query: adminUsersQuery }, async ({ query }) => listUsers(query));
