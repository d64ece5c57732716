import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PostMeta } from "@/components/marketing/post-meta";
import { allPosts, findPost } from "@/lib/blog/posts";
import { renderMarkdown } from "@/lib/blog/render";
import { pageMetadata, SITE } from "@/lib/site";

type Props = { params: Promise<{ slug: string }> };

// Every post is generated at build time; any other slug is a 404.
export const dynamicParams = false;

export async function generateStaticParams() {
  return (await allPosts()).map((post) => ({ slug: post.slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const post = await findPost((await params).slug);
  if (!post) return { title: "Post not found", robots: { index: false } };
  const base = pageMetadata({ title: post.title, description: post.description, path: `/blog/${post.slug}` });
  return {
    ...base,
    authors: [{ name: post.author }],
    keywords: post.tags,
    openGraph: {
      ...base.openGraph,
      type: "article",
      publishedTime: post.date,
      authors: [post.author],
      tags: post.tags,
    },
  };
}

/** Structured data for search engines; `<` is escaped so the JSON cannot close the script element. */
function jsonLd(data: unknown) {
  return { __html: JSON.stringify(data).replace(/</g, "\\u003c") };
}

export default async function BlogPostPage({ params }: Props) {
  const post = await findPost((await params).slug);
  if (!post) notFound();
  const html = await renderMarkdown(post.markdown);

  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={jsonLd({
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: post.title,
          description: post.description,
          datePublished: post.date,
          author: { "@type": "Organization", name: post.author },
          publisher: { "@type": "Organization", name: SITE.name },
          keywords: post.tags.join(", "),
        })}
      />
      <header className="border-b pb-8">
        <p className="text-sm">
          <Link prefetch={false} href="/blog" className="font-medium text-primary underline underline-offset-4">
            All posts
          </Link>
        </p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{post.title}</h1>
        <p className="mt-4 text-lg text-muted-foreground">{post.description}</p>
        <div className="mt-6 flex flex-col gap-2">
          <p className="text-sm font-medium">By {post.author}</p>
          <PostMeta date={post.date} readingMinutes={post.readingMinutes} tags={post.tags} />
        </div>
      </header>
      {/* Rendered on the server from our own Markdown; raw HTML in posts is dropped by the renderer. */}
      <div className="post-body" dangerouslySetInnerHTML={{ __html: html }} />
      <footer className="mt-16 rounded-xl border bg-muted/40 p-6">
        <h2 className="text-lg font-semibold">Put this into practice</h2>
        <p className="mt-2 text-muted-foreground">
          MCP Console checks your servers with real MCP requests and scans what they expose to your models — free for
          three servers.
        </p>
        <Link
          prefetch={false}
          href="/auth/register"
          className="mt-4 inline-flex h-9 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90"
        >
          Create a free account
        </Link>
      </footer>
    </article>
  );
}
