import { route } from "@/lib/http/route";
import { serverParams } from "@/lib/scanner/schema";
import { pinBaseline } from "@/lib/scanner/service";

export const POST = route({ auth: "user", doc: { summary: "Pin the latest scan as the baseline" }, params: serverParams }, ({ user, params, req, ip }) => pinBaseline(user, params.id, { req, ip }));
