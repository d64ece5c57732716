import { route } from "@/lib/http/route";
import { historyParams } from "@/lib/scanner/schema";
import { getHistoryScan } from "@/lib/scanner/service";

export const GET = route({ auth: "user", doc: { summary: "One scan of the history" }, params: historyParams }, ({ user, params }) => getHistoryScan(user, params.id, params.scanId));
