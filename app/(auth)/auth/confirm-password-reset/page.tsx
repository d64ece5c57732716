import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { ConfirmResetForm } from "@/components/auth/confirm-reset-form";
import { Button } from "@/components/ui/button";

export const metadata: Metadata = { title: "Choose a new password", robots: { index: false } };

export default async function ConfirmPasswordResetPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { oobCode } = await searchParams;

  if (typeof oobCode !== "string" || !oobCode) {
    return (
      <AuthCard
        title="This reset link is incomplete"
        description="The link is missing its code, often because an email program cut it short. Copy the whole link from the email, or ask for a new one."
      >
        <Button asChild>
          <Link href="/auth/reset-password">Request a new reset link</Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      <ConfirmResetForm oobCode={oobCode} />
    </AuthCard>
  );
}
