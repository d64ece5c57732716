import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { currentUser } from "@/lib/auth/current-user";
import { afterSignInPath } from "@/lib/auth/redirect";

export const metadata: Metadata = { title: "Sign in", robots: { index: false } };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const redirectTo = typeof params.redirect === "string" ? params.redirect : null;
  if (await currentUser()) redirect(afterSignInPath(redirectTo));

  return (
    <AuthCard title="Sign in" description="Welcome back. Sign in to manage your MCP servers.">
      <LoginForm redirectTo={redirectTo} expired={params.expired === "true"} />
    </AuthCard>
  );
}
