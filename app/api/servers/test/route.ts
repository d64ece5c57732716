import { route } from "@/lib/route/handler";
import { connectionInput } from "@/lib/servers/schema";
import { testServerConnection } from "@/lib/discovery/service";
import { connectionTestResult } from "@/lib/servers/responses";

export const POST = route({ auth: "user", doc: { summary: "Test a connection without saving it", response: connectionTestResult }, body: connectionInput }, ({ user, body, req, ip, log }) =>
  testServerConnection(user, body, { req, ip, log }),
);
