import type { Metadata } from "next";
import { Suspense } from "react";
import { SupportInbox } from "@/components/admin/support-inbox";
import { Skeleton } from "@/components/ui/skeleton";

export const metadata: Metadata = { title: "Support inbox · Administration" };

export default function Page() {
  return (
    <Suspense fallback={<Skeleton className="h-64 w-full" />}>
      <SupportInbox />
    </Suspense>
  );
}
