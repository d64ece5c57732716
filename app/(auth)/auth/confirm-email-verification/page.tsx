import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { ConfirmVerification } from "@/components/auth/confirm-verification";
import { Button } from "@/components/ui/button";

export const metadata: Metadata = { title: "Confirm your email", robots: { index: false } };

export default async function ConfirmEmailVerificationPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { oobCode } = await searchParams;

  if (typeof oobCode !== "string" || !oobCode) {
    return (
      <AuthCard
        title="This verification link is incomplete"
        description="The link is missing its code, often because an email program cut it short. Copy the whole link from the email, or send yourself a new one."
      >
        <Button asChild>
          <Link href="/auth/verify-email">Send a new verification link</Link>
        </Button>
      </AuthCard>
    );
  }

  // The card's heading depends on the outcome, so the client component draws it.
  return <ConfirmVerification oobCode={oobCode} />;
}
