import Link from "next/link";
import { Button } from "@/components/ui/button";
import { AuthCard } from "./auth-card";

/** An email's link that cannot be used as it is, and where to get a working one. */
export function BrokenLinkCard({ title, description, href, action }: { title: string; description: string; href: string; action: string }) {
  return (
    <AuthCard title={title} description={description}>
      <Button asChild>
        <Link href={href}>{action}</Link>
      </Button>
    </AuthCard>
  );
}
