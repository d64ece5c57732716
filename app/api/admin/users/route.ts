import { adminUsersQuery } from "@/lib/admin/schema";
import { listUsers } from "@/lib/admin/service";
import { route } from "@/lib/route/handler";
import { adminUsersPage } from "@/lib/admin/responses";

export const GET = route({ auth: "admin", doc: { summary: "Search the users", response: adminUsersPage }, query: adminUsersQuery }, async ({ query }) => listUsers(query));
