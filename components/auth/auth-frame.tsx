import Link from "next/link";
import type { ReactNode } from "react";
import { Logo } from "@/components/shell/logo";
import { SITE } from "@/lib/site";

/** The frame of every sign-in page: the site's name home, then the page's one card. */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center bg-muted/40 px-4 py-10">
      <header className="mb-8">
        <Link href="/" className="flex items-center gap-2 font-semibold" aria-label={`${SITE.name} home`}>
          <Logo />
          <span>{SITE.name}</span>
        </Link>
      </header>
      <main id="main" className="w-full max-w-md">
        {children}
      </main>
    </div>
  );
}
