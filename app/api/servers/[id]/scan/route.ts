import { route } from "@/lib/http/route";
import { serverParams } from "@/lib/scanner/schema";
import { getScanOverview, scanNow } from "@/lib/scanner/service";

export const GET = route({ auth: "user", params: serverParams }, ({ user, params }) => getScanOverview(user, params.id));

export const POST = route({ auth: "user", params: serverParams }, ({ user, params, req, ip }) => scanNow(user, params.id, { req, ip }));
