import type { MetadataRoute } from "next";
import { allPosts } from "@/lib/blog/posts";
import { env } from "@/lib/env";
import { PUBLIC_PAGES } from "@/lib/site";

// Built per request so that URLs use the running service's APP_URL.
export const dynamic = "force-dynamic";

/** sitemap.xml: every public page and every blog post. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = env().appUrl;
  const posts = await allPosts();
  return [
    ...PUBLIC_PAGES.map((page) => ({
      url: `${base}${page.path}`,
      changeFrequency: page.changeFrequency,
      priority: page.priority,
    })),
    ...posts.map((post) => ({
      url: `${base}/blog/${post.slug}`,
      lastModified: new Date(`${post.date}T00:00:00Z`),
      changeFrequency: "yearly" as const,
      priority: 0.7,
    })),
  ];
}
