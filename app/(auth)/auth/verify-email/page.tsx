import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { VerifyEmailPanel } from "@/components/auth/verify-email-panel";

export const metadata: Metadata = { title: "Verify your email", robots: { index: false } };

export default function VerifyEmailPage() {
  return (
    <AuthCard title="Verify your email" description="One last step: confirm that your email address belongs to you.">
      <VerifyEmailPanel />
    </AuthCard>
  );
}
