import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { PublicStatusView } from "@/components/status-pages/public-status-view";
import { publicStatusPage } from "@/lib/status-pages/public";

// Rendered per request, so that unpublishing or renaming takes the page down at
// once; the figures it shows are cached for a short time (lib/status-pages/public.ts).
export const dynamic = "force-dynamic";

const load = cache((slug: string) => publicStatusPage(slug));

export async function generateMetadata({ params }: { params: Promise<{ slug: string }> }): Promise<Metadata> {
  const page = await load((await params).slug);
  if (!page) return { title: "Page not found", robots: { index: false } };
  return {
    title: { absolute: page.title },
    description: `Current status and 90 days of uptime: ${page.title}.`,
    alternates: { types: { "application/atom+xml": [{ url: `/status/${page.slug}/feed.xml`, title: `${page.title}: incidents and maintenance` }] } },
  };
}

export default async function StatusPage({ params }: { params: Promise<{ slug: string }> }) {
  const page = await load((await params).slug);
  if (!page) notFound();
  return <PublicStatusView page={page} />;
}
