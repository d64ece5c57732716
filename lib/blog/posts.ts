import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import matter from "gray-matter";
import { z } from "zod";

/**
 * The blog's posts: Markdown files in content/blog with front matter. Read
 * at build time for the static pages, and by the feed and the sitemap.
 */

export const POSTS_DIR = path.join(process.cwd(), "content", "blog");
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const WORDS_PER_MINUTE = 220;

const frontMatterSchema = z.object({
  title: z.string().trim().min(1).max(120),
  // YAML turns an unquoted 2025-01-31 into a Date; a quoted one stays a string.
  date: z.coerce.date(),
  description: z.string().trim().min(1).max(300),
  tags: z.array(z.string().trim().min(1).max(32)).max(8).default([]),
  author: z.string().trim().min(1).max(80),
});

export interface PostMeta {
  slug: string;
  title: string;
  /** Publication day, `YYYY-MM-DD`. */
  date: string;
  description: string;
  tags: string[];
  author: string;
  readingMinutes: number;
}

export interface Post extends PostMeta {
  markdown: string;
}

export class InvalidPostError extends Error {
  constructor(file: string, reason: string) {
    super(`content/blog/${file}: ${reason}`);
    this.name = "InvalidPostError";
  }
}

/** Parses one post file; a post with bad front matter stops the build rather than going out broken. */
export function parsePost(file: string, source: string): Post {
  const slug = file.replace(/\.md$/, "");
  if (!SLUG.test(slug)) throw new InvalidPostError(file, "the file name must be a lower-case slug such as my-post.md");
  const { data, content } = matter(source);
  const parsed = frontMatterSchema.safeParse(data);
  if (!parsed.success) {
    throw new InvalidPostError(file, parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  }
  const words = content.split(/\s+/).filter(Boolean).length;
  return {
    slug,
    ...parsed.data,
    date: parsed.data.date.toISOString().slice(0, 10),
    readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    markdown: content,
  };
}

export function sortNewestFirst<T extends { date: string; slug: string }>(posts: T[]): T[] {
  return [...posts].sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

async function readAll(dir: string): Promise<Post[]> {
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith(".md"));
  const posts = await Promise.all(files.map(async (f) => parsePost(f, await fs.readFile(path.join(dir, f), "utf8"))));
  return sortNewestFirst(posts);
}

let cache: Promise<Post[]> | undefined;

function posts(): Promise<Post[]> {
  cache ??= readAll(POSTS_DIR).catch((err) => {
    cache = undefined;
    throw err;
  });
  return cache;
}

/** Every post, newest first, without its body. */
export async function allPosts(): Promise<PostMeta[]> {
  return (await posts()).map((post) => ({
    slug: post.slug,
    title: post.title,
    date: post.date,
    description: post.description,
    tags: post.tags,
    author: post.author,
    readingMinutes: post.readingMinutes,
  }));
}

/** One post by its slug, or null. Anything that is not a slug is refused before the disk is touched. */
export async function findPost(slug: string): Promise<Post | null> {
  if (!SLUG.test(slug)) return null;
  return (await posts()).find((p) => p.slug === slug) ?? null;
}

/** Every post with its body (for the feed). */
export async function allPostsWithBody(): Promise<Post[]> {
  return posts();
}
