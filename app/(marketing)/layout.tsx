import type { ReactNode } from "react";
import { SiteFooter } from "@/components/shell/site-footer";
import { SiteHeader } from "@/components/shell/site-header";
import { SkipLink } from "@/components/shell/skip-link";
import { ThemeProvider } from "@/components/shell/theme-provider";

export default function MarketingLayout({ children }: { children: ReactNode }) {
  // Prerendered pages: no nonce (see lib/security/csp.ts).
  return (
    <ThemeProvider>
      <div className="flex min-h-screen flex-col">
        <SkipLink />
        <SiteHeader />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
      </div>
    </ThemeProvider>
  );
}
