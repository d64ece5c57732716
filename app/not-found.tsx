import type { Metadata } from "next";
import { NotFoundMessage } from "@/components/shell/not-found-message";
import { SiteFooter } from "@/components/shell/site-footer";
import { SiteHeader } from "@/components/shell/site-header";
import { ThemeProvider } from "@/components/shell/theme-provider";

export const metadata: Metadata = { title: "Page not found", robots: { index: false } };

/** Any address no route matches: the public site's header, so a visitor can go on from here. */
export default function NotFound() {
  return (
    <ThemeProvider>
      <div className="flex min-h-screen flex-col">
        <SiteHeader />
        <main id="main" className="flex-1">
          <NotFoundMessage home="/" homeLabel="The home page" />
        </main>
        <SiteFooter />
      </div>
    </ThemeProvider>
  );
}
