import type { LucideIcon } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * What a 404 says, centred where the page would be: an icon for what is
 * missing, the heading (the page's h1), why it may be missing, and the one
 * link to go on from.
 */
export function NotFoundCard({
  icon: Icon,
  title,
  children,
  href,
  action,
  className,
}: {
  icon?: LucideIcon;
  title: string;
  children: ReactNode;
  href: string;
  action: string;
  className?: string;
}) {
  return (
    <div className={cn("mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 text-center", className)}>
      {Icon ? <Icon aria-hidden="true" className="size-10 text-muted-foreground" /> : null}
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{children}</p>
      <Button asChild>
        <Link href={href}>{action}</Link>
      </Button>
    </div>
  );
}
