import { z } from "zod";
import { adminUserUpdate } from "@/lib/admin/schema";
import { updateUser } from "@/lib/admin/service";
import { route } from "@/lib/route/handler";
import { adminUser } from "@/lib/admin/responses";

export const PATCH = route(
  { auth: "admin", doc: { summary: "Change a user's role or plan", response: z.object({ user: adminUser }) }, params: z.object({ uid: z.string().min(1).max(128) }), body: adminUserUpdate },
  async ({ user, params, body, req, ip }) => ({ user: await updateUser(user, params.uid, body, { req, ip }) }),
);
