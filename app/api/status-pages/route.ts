import { json, route } from "@/lib/http/route";
import { statusPageCreate } from "@/lib/status-pages/schema";
import { createStatusPage, listStatusPages } from "@/lib/status-pages/service";

export const GET = route({ auth: "user", doc: { summary: "The user's status pages" } }, async ({ user }) => ({ statusPages: await listStatusPages(user.uid) }));

export const POST = route({ auth: "user", doc: { summary: "Create a status page", status: 201 }, body: statusPageCreate }, async ({ user, body, req, ip, log }) =>
  json(await createStatusPage(user, body, { req, ip, log }), 201),
);
