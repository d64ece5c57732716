import { z } from "zod";
import { route } from "@/lib/route/handler";
import { getHistoryEntry } from "@/lib/workbench/history";
import { historyDetail } from "@/lib/workbench/responses";

export const GET = route({ auth: "user", doc: { summary: "One call of the workbench history, with its exchange", response: historyDetail }, params: z.object({ id: z.string() }) }, ({ user, params }) => getHistoryEntry(user.uid, params.id));
