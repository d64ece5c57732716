import { publicConfig } from "@/lib/auth/public-config";
import { unavailable } from "@/lib/http/errors";
import { route } from "@/lib/route/handler";
import { publicConfigSchema } from "@/lib/auth/config";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "none", doc: { summary: "The browser's configuration: identity provider, features", response: publicConfigSchema } }, async ({ log }) => {
  const config = publicConfig();
  if (!config) {
    log.error("invalid identity provider config");
    throw unavailable("Authentication is unavailable: the identity provider is not configured correctly.");
  }
  return config;
});
