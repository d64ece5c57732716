import { route } from "@/lib/route/handler";
import { anyConnectionInput } from "@/lib/servers/stdio-schema";
import { testServerConnection } from "@/lib/discovery/service";
import { connectionTestResult } from "@/lib/servers/responses";

export const POST = route({ auth: "user", doc: { summary: 'Test a connection without saving it: a remote server by URL, or with transport "stdio" an npm package (installed as registration would) run in the sandbox', response: connectionTestResult }, body: anyConnectionInput }, ({ user, body, req, ip, log }) =>
  testServerConnection(user, body, { req, ip, log }),
);
