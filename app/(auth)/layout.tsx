import type { ReactNode } from "react";
import { AuthFrame } from "@/components/auth/auth-frame";
import { ConsoleProviders } from "@/components/providers/console-providers";
import { currentUser } from "@/lib/auth/current-user";
import { ThemeProvider } from "@/components/shell/theme-provider";
import { publicConfig } from "@/lib/auth/public-config";
import { requestNonce } from "@/lib/security/nonce";
import { toSessionUser } from "@/lib/auth/session-user";

export default async function AuthLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  return (
    <ThemeProvider nonce={await requestNonce()}>
      <ConsoleProviders initialUser={user ? toSessionUser(user) : null} fallbackConfig={publicConfig()}>
        <AuthFrame>{children}</AuthFrame>
      </ConsoleProviders>
    </ThemeProvider>
  );
}
