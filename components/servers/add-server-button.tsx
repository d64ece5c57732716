import { Plus } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";

/** The way to /servers/new, wherever a page has no server to show or offers another. */
export function AddServerButton({ label = "Add server" }: { label?: string }) {
  return (
    <Button asChild>
      <Link href="/servers/new">
        <Plus aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}
