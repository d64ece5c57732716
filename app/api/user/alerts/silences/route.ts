import { json, route } from "@/lib/route/handler";
import { silenceCreate } from "@/lib/alerts/silence-schema";
import { silenceDto, silenceList } from "@/lib/alerts/responses";
import { listSilences, pauseAlerts } from "@/lib/alerts/silences";

export const GET = route({ auth: "user", doc: { summary: "The pauses of alerts in force now", response: silenceList } }, async ({ user }) => ({ silences: await listSilences(user.uid) }));

export const POST = route(
  { auth: "user", doc: { summary: "Pause alerts for one server or all: they are recorded as not sent", status: 201, response: silenceDto }, body: silenceCreate },
  async ({ user, body, req, ip, log }) => json(await pauseAlerts(user.uid, body, { req, ip, log }), 201),
);
