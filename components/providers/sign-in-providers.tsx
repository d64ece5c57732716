"use client";

import type { ReactNode } from "react";
import { AuthProvider } from "@/lib/auth/auth-provider";
import type { PublicConfig } from "@/lib/auth/config";
import type { SessionUser } from "@/lib/auth/schema";
import { LazyToaster } from "./lazy-toaster";

/**
 * What the sign-in pages need on the client: the identity and the toasts.
 * No query cache: those pages fetch nothing through it, and TanStack Query
 * would only add to their first load.
 */
export function SignInProviders({
  initialUser,
  fallbackConfig,
  onSignOut,
  children,
}: {
  initialUser: SessionUser | null;
  fallbackConfig: PublicConfig | null;
  onSignOut?: () => void;
  children: ReactNode;
}) {
  return (
    <AuthProvider initialUser={initialUser} fallbackConfig={fallbackConfig} onSignOut={onSignOut}>
      {children}
      <LazyToaster />
    </AuthProvider>
  );
}
