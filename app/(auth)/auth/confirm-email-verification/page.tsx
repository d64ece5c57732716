import type { Metadata } from "next";
import { BrokenLinkCard } from "@/components/auth/broken-link-card";
import { ConfirmVerification } from "@/components/auth/confirm-verification";
import { actionCode, type SearchParams } from "@/lib/auth/action-code";

export const metadata: Metadata = { title: "Confirm your email", robots: { index: false } };

export default async function ConfirmEmailVerificationPage({ searchParams }: { searchParams: SearchParams }) {
  const oobCode = await actionCode(searchParams);
  if (!oobCode) {
    return (
      <BrokenLinkCard
        title="This verification link is incomplete"
        description="The link is missing its code, often because an email program cut it short. Copy the whole link from the email, or send yourself a new one."
        href="/auth/verify-email"
        action="Send a new verification link"
      />
    );
  }
  // The card's heading depends on the outcome, so the client component draws it.
  return <ConfirmVerification oobCode={oobCode} />;
}
