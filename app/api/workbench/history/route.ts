import { route } from "@/lib/route/handler";
import { listHistory } from "@/lib/workbench/history";
import { historyQuery } from "@/lib/workbench/schema";
import { historyResponse } from "@/lib/workbench/responses";

export const GET = route({ auth: "user", doc: { summary: "The workbench history, newest first", response: historyResponse }, query: historyQuery }, async ({ user, query }) => ({
  calls: await listHistory(user.uid, query.serverId),
}));
