import { route } from "@/lib/route/handler";
import { historyParams } from "@/lib/scanner/schema";
import { getHistoryScan } from "@/lib/scanner/service";
import { scanDetail } from "@/lib/scanner/responses";

export const GET = route({ auth: "user", doc: { summary: "One scan of the history", response: scanDetail }, params: historyParams }, ({ user, params }) => getHistoryScan(user, params.id, params.scanId));
