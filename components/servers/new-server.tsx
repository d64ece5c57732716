"use client";

import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { PlanUsage } from "@/components/app/plan-usage";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useDashboardSummary } from "@/lib/dashboard/hooks";
import { useCreateServer } from "@/lib/servers/hooks";
import { useSubscription } from "@/lib/subscription/use-subscription";
import { ServerForm } from "./server-form";
import { emptyValues } from "./server-form-model";

export function NewServer() {
  const router = useRouter();
  const create = useCreateServer();
  const minimum = useSubscription().plan.minCheckIntervalSec;
  const usage = useDashboardSummary().data?.servers;
  // At the plan's limit the form would only be refused at its end: say so instead of opening it.
  // Decided once, as the page opens (its usage arrives with it): a later refetch never takes away a form being filled.
  const [atLimit] = useState(() => usage !== undefined && usage.total >= usage.limit);

  if (atLimit && usage) {
    return (
      <div className="flex max-w-3xl flex-col gap-4">
        <PlanUsage total={usage.total} limit={usage.limit} noun="servers" />
        <p className="text-sm text-muted-foreground">Delete a server you no longer need, or upgrade your plan, to add another.</p>
        <div>
          <Button asChild variant="outline">
            <Link href="/servers">
              <ArrowLeft aria-hidden="true" />
              Back to your servers
            </Link>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <ServerForm
      // The plan arrives after the first render: the form starts again at its shortest interval.
      key={minimum}
      mode="create"
      initialValues={emptyValues(minimum)}
      cancelHref="/servers"
      onSubmit={async (payload) => {
        const server = await create.mutateAsync(payload);
        toast({ title: "Server added", description: `${server.name} is registered.` });
        router.push(`/servers/${server.id}`);
      }}
    />
  );
}
