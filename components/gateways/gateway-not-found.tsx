import { Waypoints } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";

/** Unknown id, or another user's gateway: the same answer, so nothing leaks. */
export function GatewayNotFound() {
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 text-center">
      <Waypoints aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="text-3xl font-bold tracking-tight">Gateway not found</h1>
      <p className="text-muted-foreground">This gateway does not exist, was deleted, or belongs to someone else.</p>
      <Button asChild>
        <Link href="/gateways">Back to your gateways</Link>
      </Button>
    </div>
  );
}
