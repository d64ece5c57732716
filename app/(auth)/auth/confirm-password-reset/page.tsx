import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { BrokenLinkCard } from "@/components/auth/broken-link-card";
import { ConfirmResetForm } from "@/components/auth/confirm-reset-form";
import { actionCode, type SearchParams } from "@/lib/auth/action-code";

export const metadata: Metadata = { title: "Choose a new password", robots: { index: false } };

export default async function ConfirmPasswordResetPage({ searchParams }: { searchParams: SearchParams }) {
  const oobCode = await actionCode(searchParams);
  if (!oobCode) {
    return (
      <BrokenLinkCard
        title="This reset link is incomplete"
        description="The link is missing its code, often because an email program cut it short. Copy the whole link from the email, or ask for a new one."
        href="/auth/reset-password"
        action="Request a new reset link"
      />
    );
  }
  return (
    <AuthCard title="Choose a new password">
      <ConfirmResetForm oobCode={oobCode} />
    </AuthCard>
  );
}
