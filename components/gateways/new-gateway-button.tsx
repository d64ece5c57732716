import { Plus } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";

/** The way to /gateways/new, from the list and from its empty state. */
export function NewGatewayButton({ label = "New gateway" }: { label?: string }) {
  return (
    <Button asChild>
      <Link href="/gateways/new">
        <Plus aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}
