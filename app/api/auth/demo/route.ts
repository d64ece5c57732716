import { assertSameOrigin } from "@/lib/auth/authenticate";
import { demoAvailable, demoSignInToken } from "@/lib/auth/demo";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/route/handler";
import { enforce } from "@/lib/rate-limit/service";
import { z } from "zod";

const demoToken = z.object({ token: z.string().describe("A custom token to sign in to the identity provider with.") });

/** Local mode only (404 elsewhere): a custom token for the demo account, which owns the local server-everything. */
export const POST = route({ auth: "none", doc: { summary: "Sign in to the demo account (local mode)", response: demoToken } }, async ({ req, ip, log }) => {
  if (!demoAvailable()) throw notFound();
  assertSameOrigin(req);
  await enforce(`demo:${ip}`, 20, 60, "Too many sign-in attempts. Wait a minute and try again.");
  return { token: await demoSignInToken(log) };
});
