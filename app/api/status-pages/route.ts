import { json, route } from "@/lib/route/handler";
import { statusPageCreate } from "@/lib/status-pages/schema";
import { createStatusPage, listStatusPages } from "@/lib/status-pages/service";
import { statusPageDto, statusPageList } from "@/lib/status-pages/responses";

export const GET = route({ auth: "user", doc: { summary: "The user's status pages", response: statusPageList } }, async ({ user }) => ({ statusPages: await listStatusPages(user.uid) }));

export const POST = route({ auth: "user", doc: { summary: "Create a status page", status: 201, response: statusPageDto }, body: statusPageCreate }, async ({ user, body, req, ip, log }) =>
  json(await createStatusPage(user, body, { req, ip, log }), 201),
);
