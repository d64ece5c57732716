import { sendTestEvent } from "@/lib/alerts/test-event";
import { route } from "@/lib/route/handler";
import { testEventResponse } from "@/lib/alerts/responses";

export const POST = route({ auth: "user", doc: { summary: "Send a test event to the webhook", response: testEventResponse } }, async ({ user }) => sendTestEvent(user.uid));
