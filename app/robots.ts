import type { MetadataRoute } from "next";
import { PROTECTED_PREFIXES } from "@/lib/auth/protected-routes";
import { env } from "@/lib/env";

// Built per request so that the sitemap link uses the running service's APP_URL.
export const dynamic = "force-dynamic";

/** robots.txt: the public site is open to crawlers; the console and the API are not. */
export default function robots(): MetadataRoute.Robots {
  const base = env().appUrl;
  return {
    rules: {
      userAgent: "*",
      allow: "/",
      // Robots rules match by prefix: "/servers" also covers "/servers/new" and "/servers/{id}".
      disallow: [...PROTECTED_PREFIXES, "/api/"],
    },
    sitemap: `${base}/sitemap.xml`,
  };
}
