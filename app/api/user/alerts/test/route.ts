import { sendTestEvent } from "@/lib/alerts/test-event";
import { route } from "@/lib/http/route";

export const POST = route({ auth: "user", doc: { summary: "Send a test event to the webhook" } }, async ({ user }) => sendTestEvent(user.uid));
