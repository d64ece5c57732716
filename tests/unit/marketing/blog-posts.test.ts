/** @jest-environment node */
import { allPosts, findPost, InvalidPostError, parsePost, sortNewestFirst } from "@/lib/blog/posts";

const SOURCE = `---
title: "Health checks"
date: 2026-03-02
description: "Why a 200 is not enough."
tags: [monitoring, operations]
author: "MCP Console team"
---

## Handshake

Text ${"word ".repeat(500)}
`;

describe("blog posts", () => {
  it("parses front matter and the body of a post", () => {
    const post = parsePost("health-checks.md", SOURCE);
    expect(post).toMatchObject({
      slug: "health-checks",
      title: "Health checks",
      date: "2026-03-02",
      description: "Why a 200 is not enough.",
      tags: ["monitoring", "operations"],
      author: "MCP Console team",
      readingMinutes: 2,
    });
    expect(post.markdown).toContain("## Handshake");
  });

  it("refuses a post with missing front matter, naming the file and the field", () => {
    const broken = SOURCE.replace('title: "Health checks"\n', "");
    expect(() => parsePost("health-checks.md", broken)).toThrow(InvalidPostError);
    expect(() => parsePost("health-checks.md", broken)).toThrow(/content\/blog\/health-checks\.md: title/);
    expect(() => parsePost("Health Checks.md", SOURCE)).toThrow(/lower-case slug/);
  });

  it("sorts newest first", () => {
    const posts = [
      { slug: "a", date: "2026-01-01" },
      { slug: "b", date: "2026-05-01" },
      { slug: "c", date: "2025-12-31" },
    ];
    expect(sortNewestFirst(posts).map((p) => p.slug)).toEqual(["b", "a", "c"]);
  });

  it("publishes at least three real posts, newest first, each with tags and an author", async () => {
    const posts = await allPosts();
    expect(posts.length).toBeGreaterThanOrEqual(3);
    expect(posts.map((p) => p.date)).toEqual([...posts.map((p) => p.date)].sort().reverse());
    for (const post of posts) {
      expect(post.tags.length).toBeGreaterThan(0);
      expect(post.author).not.toBe("");
      expect(post.readingMinutes).toBeGreaterThanOrEqual(5);
      const full = await findPost(post.slug);
      expect(full?.markdown).not.toMatch(/lorem ipsum/i);
    }
  });

  it("finds nothing for an unknown slug or a path", async () => {
    expect(await findPost("no-such-post")).toBeNull();
    expect(await findPost("../../package")).toBeNull();
  });
});
