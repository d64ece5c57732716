import { assertSameOrigin } from "@/lib/auth/authenticate";
import { DEMO_VISITS_PER_ADDRESS_PER_HOUR, DEMO_VISITS_PER_HOUR, demoAvailable, demoVisit } from "@/lib/auth/demo";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/route/handler";
import { addressKey } from "@/lib/http/client-address";
import { enforce } from "@/lib/rate-limit/service";
import { z } from "zod";

const demoVisitAnswer = z.object({
  token: z.string().describe("A custom token to sign in to the identity provider with."),
  serverId: z.uuid().optional().describe("The demo account's server, with its history; absent when it could not be made."),
});

/** Where demo accounts are on (DEMO_ACCOUNTS; 404 elsewhere): a new demo account, signed in with the token. */
export const POST = route({ auth: "none", doc: { summary: "Start a demo account without signing up", response: demoVisitAnswer } }, async ({ req, ip, log }) => {
  if (!demoAvailable()) throw notFound();
  assertSameOrigin(req);
  const later = "Try again later, or create a free account.";
  await enforce(`demo:${addressKey(ip)}`, DEMO_VISITS_PER_ADDRESS_PER_HOUR, 3600, `Your address has started ${DEMO_VISITS_PER_ADDRESS_PER_HOUR} demo accounts in the last hour. ${later}`);
  await enforce("demo:all", DEMO_VISITS_PER_HOUR, 3600, `Many visitors started a demo in the last hour. ${later}`);
  return await demoVisit(log);
});
