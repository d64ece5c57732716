import { route } from "@/lib/route/handler";
import { serverParams } from "@/lib/scanner/schema";
import { getScanOverview, scanNow } from "@/lib/scanner/service";
import { scanNowResult, scanOverview } from "@/lib/scanner/responses";

export const GET = route({ auth: "user", doc: { summary: "The latest scan, the baseline and the history", response: scanOverview }, params: serverParams }, ({ user, params }) => getScanOverview(user, params.id));

export const POST = route({ auth: "user", doc: { summary: "Scan the server now", response: scanNowResult }, params: serverParams }, ({ user, params, req, ip }) => scanNow(user, params.id, { req, ip }));
