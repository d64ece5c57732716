import { z } from "zod";
import { route } from "@/lib/route/handler";
import { enforce } from "@/lib/rate-limit/service";
import { userDataStream } from "@/lib/settings/user-data";

/** "Export all my data": a JSON file with every row of the user, secrets masked. */
export const GET = route({ auth: "user", doc: { summary: "Download every piece of the user's data as JSON", contentType: "application/json", response: z.record(z.string(), z.unknown()).describe("The user's data, by kind.") } }, async ({ user }) => {
  await enforce(`user-export:${user.uid}`, 10, 3600, "You exported your data many times in the last hour. Try again later.");
  const day = new Date().toISOString().slice(0, 10);
  return new Response(userDataStream(user), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="mcp-console-my-data-${day}.json"`,
    },
  });
});
