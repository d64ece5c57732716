import type { ReactNode } from "react";
import { AuthFrame } from "@/components/auth/auth-frame";
import { SignInProviders } from "@/components/providers/sign-in-providers";
import { currentUser } from "@/lib/auth/current-user";
import { ThemeProvider } from "@/components/shell/theme-provider";
import { publicConfig } from "@/lib/auth/public-config";
import { requestNonce } from "@/lib/security/nonce";
import { toSessionUser } from "@/lib/auth/session-user";

export default async function AuthLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  return (
    <ThemeProvider nonce={await requestNonce()}>
      <SignInProviders initialUser={user ? toSessionUser(user) : null} fallbackConfig={publicConfig()}>
        <AuthFrame>{children}</AuthFrame>
      </SignInProviders>
    </ThemeProvider>
  );
}
