import { route } from "@/lib/route/handler";
import { settingsUpdate } from "@/lib/settings/schema";
import { getSettings, updateSettings } from "@/lib/settings/service";
import { settingsResponse } from "@/lib/settings/responses";

export const GET = route({ auth: "user", doc: { summary: "The user's settings", response: settingsResponse } }, async ({ user }) => getSettings(user.uid));

export const PATCH = route({ auth: "user", doc: { summary: "Change the user's settings", response: settingsResponse }, body: settingsUpdate }, async ({ user, body, req, ip }) =>
  updateSettings(user, body, { req, ip }),
);
