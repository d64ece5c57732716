import { route } from "@/lib/http/route";
import { rotateWebhookSecret } from "@/lib/settings/service";

/** Rotates the webhook signing secret; the answer is the only time the new one is shown. */
export const POST = route({ auth: "user" }, async ({ user, req, ip }) => rotateWebhookSecret(user.uid, { req, ip }));
