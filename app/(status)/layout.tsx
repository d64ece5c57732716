import Link from "next/link";
import type { ReactNode } from "react";
import { Logo } from "@/components/shell/logo";
import { SkipLink } from "@/components/shell/skip-link";
import { ThemeProvider } from "@/components/shell/theme-provider";
import { ThemeSwitch } from "@/components/shell/theme-switch";
import { requestNonce } from "@/lib/security/nonce";
import { SITE } from "@/lib/site";

/** Public status pages: the owner's page first, the console only in a quiet footer. */
export default async function StatusLayout({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider nonce={await requestNonce()}>
      <div className="flex min-h-screen flex-col">
        <SkipLink />
        <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6 sm:py-14">
          {children}
        </main>
        <footer className="border-t">
          <div className="mx-auto flex w-full max-w-3xl items-center justify-between gap-4 px-4 py-4 text-sm text-muted-foreground sm:px-6">
            <Link href="/" className="inline-flex items-center gap-2 rounded-sm hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden">
              <Logo className="size-5" />
              Status by {SITE.name}
            </Link>
            <ThemeSwitch />
          </div>
        </footer>
      </div>
    </ThemeProvider>
  );
}
