import { route } from "@/lib/route/handler";
import { serverParams } from "@/lib/scanner/schema";
import { pinBaseline } from "@/lib/scanner/service";
import { pinResult } from "@/lib/scanner/responses";

export const POST = route({ auth: "user", doc: { summary: "Pin the latest scan as the baseline", response: pinResult }, params: serverParams }, ({ user, params, req, ip }) => pinBaseline(user, params.id, { req, ip }));
