import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { RegisterForm } from "@/components/auth/register-form";
import { currentUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Create an account", robots: { index: false } };

export default async function RegisterPage() {
  if (await currentUser()) redirect("/dashboard");

  return (
    <AuthCard title="Create your account" description="Start on the free tier and register your first MCP servers in minutes.">
      <RegisterForm />
    </AuthCard>
  );
}
