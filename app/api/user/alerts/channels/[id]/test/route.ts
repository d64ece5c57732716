import { z } from "zod";
import { route } from "@/lib/route/handler";
import { testEventResponse } from "@/lib/alerts/responses";
import { sendChannelTest } from "@/lib/alerts/test-event";

const params = z.object({ id: z.string() });

export const POST = route({ auth: "user", doc: { summary: "Send a test event to one notification channel", response: testEventResponse }, params }, ({ user, params }) =>
  sendChannelTest(user.uid, params.id),
);
