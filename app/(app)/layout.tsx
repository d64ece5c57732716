import Link from "next/link";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AdminNavLink } from "@/components/shell/admin-nav-link";
import { CommandPaletteButton } from "@/components/shell/command-palette-button";
import { AppNavLinks } from "@/components/shell/app-nav-links";
import { Logo } from "@/components/shell/logo";
import { MobileNav } from "@/components/shell/mobile-nav";
import { PlanBadge } from "@/components/shell/plan-badge";
import { SkipLink } from "@/components/shell/skip-link";
import { ThemeProvider } from "@/components/shell/theme-provider";
import { ThemeSwitch } from "@/components/shell/theme-switch";
import { UserMenu } from "@/components/shell/user-menu";
import { AuthDebugPanel } from "@/components/auth/debug-panel";
import { ConsoleProviders } from "@/components/providers/console-providers";
import { currentUser } from "@/lib/auth/current-user";
import { publicConfig } from "@/lib/auth/public-config";
import { Prefetch } from "@/lib/query/prefetch";
import { subscriptionPrefetch } from "@/lib/subscription/prefetch";
import { requestNonce } from "@/lib/security/nonce";
import { toSessionUser } from "@/lib/auth/session-user";
import { SITE } from "@/lib/site";

export default async function AppLayout({ children }: { children: ReactNode }) {
  // The proxy already turned away requests without a session; this also
  // catches a session whose account no longer exists.
  const user = await currentUser();
  if (!user) redirect("/auth/login");

  return (
    <ThemeProvider nonce={await requestNonce()}>
      <ConsoleProviders initialUser={toSessionUser(user)} fallbackConfig={publicConfig()}>
        {/* Every page knows the plan from its first paint: no Free-plan hints flash before it loads. */}
        <Prefetch queries={[subscriptionPrefetch(user)]}>
          <div className="flex min-h-screen">
            <SkipLink />
            <aside className="hidden w-60 shrink-0 border-r bg-muted/30 md:block">
              <div className="flex h-16 items-center border-b px-4">
                <Link href="/dashboard" className="flex items-center gap-2 font-semibold" aria-label={`${SITE.name} dashboard`}>
                  <Logo />
                  <span>{SITE.name}</span>
                </Link>
              </div>
              <nav aria-label="Console" className="p-3">
                <AppNavLinks />
                {user.role === "admin" ? <AdminNavLink /> : null}
              </nav>
            </aside>
            <div className="flex min-w-0 flex-1 flex-col">
              <header className="flex h-16 items-center gap-2 border-b px-4 sm:px-6">
                <div className="flex flex-1 items-center gap-1 md:hidden">
                  <MobileNav isAdmin={user.role === "admin"} />
                  <Link href="/dashboard" className="flex items-center gap-2 font-semibold" aria-label={`${SITE.name} dashboard`}>
                    <Logo />
                  </Link>
                </div>
                <div className="ml-auto flex items-center gap-1">
                  <CommandPaletteButton isAdmin={user.role === "admin"} />
                  <PlanBadge />
                  <ThemeSwitch />
                  <UserMenu displayName={user.displayName} email={user.email} />
                </div>
              </header>
              <main id="main" className="flex-1 px-4 py-6 sm:px-6">
                {children}
              </main>
              <AuthDebugPanel />
            </div>
          </div>
        </Prefetch>
      </ConsoleProviders>
    </ThemeProvider>
  );
}
