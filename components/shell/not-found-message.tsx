import Link from "next/link";
import { Button } from "@/components/ui/button";

/**
 * What a missing page says, on the public site (under its header) and in
 * the console (under the console's header). The heading is the page's h1.
 */
export function NotFoundMessage({ home, homeLabel }: { home: string; homeLabel: string }) {
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="text-muted-foreground">
        The page you asked for does not exist, has moved, or is not yours to see. Check the address, or start again from {homeLabel.toLowerCase()}.
      </p>
      <Button asChild>
        <Link href={home}>Go to {homeLabel.toLowerCase()}</Link>
      </Button>
    </div>
  );
}
