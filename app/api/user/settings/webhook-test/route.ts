import { route } from "@/lib/http/route";
import { sendTestWebhook } from "@/lib/settings/service";

export const POST = route({ auth: "user" }, async ({ user }) => sendTestWebhook(user.uid));
