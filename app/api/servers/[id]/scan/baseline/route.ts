import { route } from "@/lib/http/route";
import { serverParams } from "@/lib/scanner/schema";
import { pinBaseline } from "@/lib/scanner/service";

export const POST = route({ auth: "user", params: serverParams }, ({ user, params, req, ip }) => pinBaseline(user, params.id, { req, ip }));
