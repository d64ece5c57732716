import { route } from "@/lib/route/handler";
import { rotateWebhookSecret } from "@/lib/settings/service";
import { settingsResponse } from "@/lib/settings/responses";

/** Rotates the webhook signing secret; the answer is the only time the new one is shown. */
export const POST = route({ auth: "user", doc: { summary: "Rotate the webhook signing secret (shown once)", response: settingsResponse } }, async ({ user, req, ip }) => rotateWebhookSecret(user.uid, { req, ip }));
