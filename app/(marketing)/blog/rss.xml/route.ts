import { Feed } from "feed";
import { allPostsWithBody } from "@/lib/blog/posts";
import { renderMarkdown } from "@/lib/blog/render";
import { env } from "@/lib/env";
import { SITE } from "@/lib/site";

// Built per request so that links use the running service's APP_URL.
export const dynamic = "force-dynamic";

/** GET /blog/rss.xml — the blog as an RSS 2.0 feed, newest first, with each post's full text. */
export async function GET() {
  const base = env().appUrl;
  const posts = await allPostsWithBody();
  const feed = new Feed({
    title: `${SITE.name} blog`,
    description: "Running and securing MCP servers: transports, health checks, tool poisoning, secrets and SSRF.",
    id: `${base}/blog`,
    link: `${base}/blog`,
    language: "en",
    copyright: `© ${new Date().getFullYear()} ${SITE.name}`,
    updated: posts[0] ? new Date(`${posts[0].date}T00:00:00Z`) : undefined,
    feedLinks: { rss: `${base}/blog/rss.xml` },
  });
  for (const post of posts) {
    const url = `${base}/blog/${post.slug}`;
    feed.addItem({
      title: post.title,
      id: url,
      link: url,
      description: post.description,
      content: await renderMarkdown(post.markdown),
      date: new Date(`${post.date}T00:00:00Z`),
      author: [{ name: post.author }],
      category: post.tags.map((name) => ({ name })),
    });
  }
  return new Response(feed.rss2(), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
