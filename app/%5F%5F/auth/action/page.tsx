import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthFrame } from "@/components/auth/auth-frame";
import { BrokenLinkCard } from "@/components/auth/broken-link-card";
import { RecoverEmail } from "@/components/auth/recover-email";
import { SignInProviders } from "@/components/providers/sign-in-providers";
import { ThemeProvider } from "@/components/shell/theme-provider";
import { actionCode, type SearchParams } from "@/lib/auth/action-code";
import { publicConfig } from "@/lib/auth/public-config";
import { requestNonce } from "@/lib/security/nonce";

export const metadata: Metadata = { title: "Account action", robots: { index: false } };

/**
 * The identity provider's emails link here (`/__/auth/action`; the folder name
 * is URL-encoded because App Router treats `_` folders as private). Each mode
 * goes to the page that handles it; only email recovery is handled in place,
 * in the sign-in pages' frame, which this route cannot share by layout.
 */
export default async function AuthActionPage({ searchParams }: { searchParams: SearchParams }) {
  const { mode } = await searchParams;
  const code = await actionCode(searchParams);

  if (code && mode === "resetPassword") {
    redirect(`/auth/confirm-password-reset?oobCode=${encodeURIComponent(code)}`);
  }
  if (code && mode === "verifyEmail") {
    redirect(`/auth/confirm-email-verification?oobCode=${encodeURIComponent(code)}`);
  }
  return (
    <ThemeProvider nonce={await requestNonce()}>
      {code && mode === "recoverEmail" ? (
        <SignInProviders initialUser={null} fallbackConfig={publicConfig()}>
          <AuthFrame>
            <RecoverEmail oobCode={code} />
          </AuthFrame>
        </SignInProviders>
      ) : (
        <AuthFrame>
          <BrokenLinkCard
            title="This link is not valid"
            description="The link is incomplete or is not one we can handle. Copy the whole link from the email, or start again from the home page."
            href="/"
            action="Go to the home page"
          />
        </AuthFrame>
      )}
    </ThemeProvider>
  );
}
