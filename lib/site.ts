import type { Metadata } from "next";

/** Names and links shared by the public site, the app shell and metadata. */
export const SITE = {
  name: "MCP Console",
  tagline: "Register, explore, monitor and secure your MCP servers, and give your agents one guarded endpoint.",
  description:
    "MCP Console is a cloud console for Model Context Protocol servers: a workbench to exercise tools, resources and prompts, MCP-aware monitoring with alerts, a local security scanner, gateways that serve your agents only the definitions you approved, and a complete audit trail.",
  contactEmail: "hello@mcp-console.dev",
};

/** Used when APP_URL is not set, as lib/env does for a local run. */
export const DEFAULT_SITE_URL = "http://localhost:3000";

export const PUBLIC_NAV = [
  { href: "/#features", label: "Features" },
  { href: "/#pricing", label: "Pricing" },
  { href: "/blog", label: "Blog" },
  { href: "/faq", label: "FAQ" },
  { href: "/about", label: "About" },
] as const;

export const LEGAL_LINKS = [
  { href: "/privacy-policy", label: "Privacy policy" },
  { href: "/terms-of-service", label: "Terms of service" },
  { href: "/cookies-policy", label: "Cookies policy" },
  { href: "/contact", label: "Contact" },
] as const;

/** Every public page that search engines should know about (the blog posts are added by the sitemap). */
export const PUBLIC_PAGES = [
  { path: "/", priority: 1, changeFrequency: "weekly" },
  { path: "/get-started", priority: 0.9, changeFrequency: "monthly" },
  { path: "/blog", priority: 0.8, changeFrequency: "weekly" },
  { path: "/faq", priority: 0.7, changeFrequency: "monthly" },
  { path: "/about", priority: 0.6, changeFrequency: "monthly" },
  { path: "/contact", priority: 0.6, changeFrequency: "yearly" },
  { path: "/docs/api", priority: 0.5, changeFrequency: "monthly" },
  { path: "/privacy-policy", priority: 0.3, changeFrequency: "yearly" },
  { path: "/terms-of-service", priority: 0.3, changeFrequency: "yearly" },
  { path: "/cookies-policy", priority: 0.3, changeFrequency: "yearly" },
] as const;

/** The pictures of shared links (public/): the blog's own, and the site's for every other page. */
const OG_IMAGE = { width: 1200, height: 630, type: "image/png" } as const;
export const ogImageFor = (path: string) =>
  path.startsWith("/blog")
    ? { ...OG_IMAGE, url: "/og-blog.png", alt: `The ${SITE.name} blog` }
    : { ...OG_IMAGE, url: "/og.png", alt: SITE.name };

interface PageMetadataInput {
  title: string;
  description: string;
  /** Path of the page; resolved against the root layout's metadataBase. */
  path: string;
  /** The landing page shows its title without the site-name template. */
  absoluteTitle?: boolean;
  openGraph?: Metadata["openGraph"];
}

/**
 * Title, description, canonical URL, Open Graph and Twitter card of a public
 * page, all from one place so that no page forgets one of them.
 */
export function pageMetadata({ title, description, path, absoluteTitle, openGraph }: PageMetadataInput): Metadata {
  const fullTitle = absoluteTitle ? title : `${title} · ${SITE.name}`;
  const image = ogImageFor(path);
  return {
    title: absoluteTitle ? { absolute: title } : title,
    description,
    alternates: { canonical: path },
    openGraph: {
      type: "website",
      siteName: SITE.name,
      locale: "en_US",
      url: path,
      title: fullTitle,
      description,
      images: [image],
      ...openGraph,
    },
    twitter: { card: "summary_large_image", title: fullTitle, description, images: [image.url] },
  };
}
