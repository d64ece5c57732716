"use client";

import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/toaster";
import { AuthProvider } from "@/lib/auth/auth-provider";
import type { PublicConfig } from "@/lib/auth/config";
import type { SessionUser } from "@/lib/auth/schema";
import { QueryProvider } from "./query-provider";

/** Everything a page of the console or of sign-in needs on the client. */
export function ConsoleProviders({
  initialUser,
  fallbackConfig,
  children,
}: {
  initialUser: SessionUser | null;
  fallbackConfig: PublicConfig | null;
  children: ReactNode;
}) {
  return (
    <QueryProvider>
      <AuthProvider initialUser={initialUser} fallbackConfig={fallbackConfig}>
        {children}
        <Toaster />
      </AuthProvider>
    </QueryProvider>
  );
}
