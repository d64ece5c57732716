import Link from "next/link";
import type { ReactNode } from "react";
import { ConsoleProviders } from "@/components/providers/console-providers";
import { Logo } from "@/components/shell/logo";
import { currentUser } from "@/lib/auth/current-user";
import { publicConfig } from "@/lib/auth/public-config";
import { SITE } from "@/lib/site";
import { toSessionUser } from "@/lib/users/service";

export default async function AuthLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  return (
    <ConsoleProviders initialUser={user ? toSessionUser(user) : null} fallbackConfig={publicConfig()}>
      <div className="flex min-h-screen flex-col items-center bg-muted/40 px-4 py-10">
        <Link href="/" className="mb-8 flex items-center gap-2 font-semibold" aria-label={`${SITE.name} home`}>
          <Logo />
          <span>{SITE.name}</span>
        </Link>
        <main id="main" className="w-full max-w-md">
          {children}
        </main>
      </div>
    </ConsoleProviders>
  );
}
