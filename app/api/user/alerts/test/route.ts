import { sendTestEvent } from "@/lib/alerts/test-event";
import { route } from "@/lib/http/route";

export const POST = route({ auth: "user" }, async ({ user }) => sendTestEvent(user.uid));
