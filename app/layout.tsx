import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { RenderedAtProvider } from "@/components/app/clock";
import { ConsentMount } from "@/components/consent/consent-mount";
import { env } from "@/lib/env";
import { DEFAULT_SITE_URL, ogImageFor, SITE } from "@/lib/site";
import "./globals.css";

/**
 * The public URL that canonical and Open Graph URLs resolve against. Static
 * pages read it at build time, so APP_URL should be set for `next build` too.
 * A configuration that is invalid at build time must not fail the build of
 * static pages: the server reports it, with every bad variable, when it starts.
 */
function siteUrl(): URL {
  try {
    return new URL(env().appUrl);
  } catch {
    return new URL(DEFAULT_SITE_URL);
  }
}

export const metadata: Metadata = {
  metadataBase: siteUrl(),
  title: { default: `${SITE.name} — ${SITE.tagline}`, template: `%s · ${SITE.name}` },
  description: SITE.description,
  applicationName: SITE.name,
  openGraph: { type: "website", siteName: SITE.name, locale: "en_US", images: [ogImageFor("/")] },
  twitter: { card: "summary_large_image", images: [ogImageFor("/").url] },
  icons: { apple: "/apple-touch-icon.png" },
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#0b0b12" },
  ],
};

/** The clock read once per request: a server component renders once, so the purity rule's concern (a re-render reading another time) does not arise. */
const renderTime = () => Date.now();

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-screen bg-background font-sans text-foreground antialiased">
        {/* Each route group's layout brings the theme (components/shell/theme-provider.tsx):
            only a page rendered per request can give its script a nonce, and reading
            the nonce here would make every page render per request. */}
        {/* The time this page was rendered at, for relative times to hydrate with the text the server wrote. */}
        <RenderedAtProvider at={renderTime()}>
          {children}
          <ConsentMount />
        </RenderedAtProvider>
      </body>
    </html>
  );
}
