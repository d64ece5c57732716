import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { RecoverEmail } from "@/components/auth/recover-email";
import { ConsoleProviders } from "@/components/providers/console-providers";
import { Logo } from "@/components/shell/logo";
import { Button } from "@/components/ui/button";
import { publicConfig } from "@/lib/auth/public-config";
import { SITE } from "@/lib/site";

export const metadata: Metadata = { title: "Account action", robots: { index: false } };

/**
 * The identity provider's emails link here (`/__/auth/action`; the folder name
 * is URL-encoded because App Router treats `_` folders as private). Each mode
 * goes to the page that handles it; only email recovery is handled in place.
 */
export default async function AuthActionPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { mode, oobCode } = await searchParams;
  const code = typeof oobCode === "string" && oobCode ? oobCode : null;

  if (code && mode === "resetPassword") {
    redirect(`/auth/confirm-password-reset?oobCode=${encodeURIComponent(code)}`);
  }
  if (code && mode === "verifyEmail") {
    redirect(`/auth/confirm-email-verification?oobCode=${encodeURIComponent(code)}`);
  }
  if (code && mode === "recoverEmail") {
    return (
      <ConsoleProviders initialUser={null} fallbackConfig={publicConfig()}>
        <Frame>
          <RecoverEmail oobCode={code} />
        </Frame>
      </ConsoleProviders>
    );
  }

  return (
    <Frame>
      <AuthCard
        title="This link is not valid"
        description="The link is incomplete or is not one we can handle. Copy the whole link from the email, or start again from the home page."
      >
        <Button asChild>
          <Link href="/">Go to the home page</Link>
        </Button>
      </AuthCard>
    </Frame>
  );
}

/** The same frame as the sign-in pages, which this route cannot share by layout. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center bg-muted/40 px-4 py-10">
      <Link href="/" className="mb-8 flex items-center gap-2 font-semibold" aria-label={`${SITE.name} home`}>
        <Logo />
        <span>{SITE.name}</span>
      </Link>
      <main id="main" className="w-full max-w-md">
        {children}
      </main>
    </div>
  );
}
