import Link from "next/link";
import { PageIntro } from "@/components/marketing/page-intro";
import { PostMeta as PostMetaLine } from "@/components/marketing/post-meta";
import { allPosts } from "@/lib/blog/posts";
import { pageMetadata } from "@/lib/site";

export const metadata = {
  ...pageMetadata({
    title: "Blog",
    description:
      "Practical articles on running and securing MCP servers: remote transports and health checks, tool poisoning and rug pulls, secrets and SSRF.",
    path: "/blog",
  }),
  alternates: { canonical: "/blog", types: { "application/rss+xml": "/blog/rss.xml" } },
};

export default async function BlogIndexPage() {
  const posts = await allPosts();
  return (
    <>
      <PageIntro
        title="Blog"
        lead="What we learn running, monitoring and securing MCP servers — written for the people who operate them."
      >
        <p className="mt-4 text-sm">
          <a href="/blog/rss.xml" className="font-medium text-primary underline underline-offset-4">
            Subscribe with RSS
          </a>
        </p>
      </PageIntro>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <ol className="flex flex-col gap-10">
          {posts.map((post) => (
            <li key={post.slug}>
              <article aria-labelledby={`post-${post.slug}`}>
                <PostMetaLine date={post.date} readingMinutes={post.readingMinutes} tags={post.tags} />
                <h2 id={`post-${post.slug}`} className="mt-2 text-2xl font-semibold tracking-tight">
                  <Link prefetch={false} href={`/blog/${post.slug}`} className="hover:underline hover:underline-offset-4">
                    {post.title}
                  </Link>
                </h2>
                <p className="mt-3 text-muted-foreground">{post.description}</p>
              </article>
            </li>
          ))}
        </ol>
      </div>
    </>
  );
}
