import { route } from "@/lib/http/route";
import { connectionInput } from "@/lib/servers/schema";
import { testServerConnection } from "@/lib/servers/service";

export const POST = route({ auth: "user", doc: { summary: "Test a connection without saving it" }, body: connectionInput }, ({ user, body, req, ip, log }) =>
  testServerConnection(user, body, { req, ip, log }),
);
