import { z } from "zod";
import { route } from "@/lib/http/route";
import { getHistoryEntry } from "@/lib/workbench/history";

export const GET = route({ auth: "user", doc: { summary: "One call of the workbench history, with its exchange" }, params: z.object({ id: z.string() }) }, ({ user, params }) => getHistoryEntry(user.uid, params.id));
