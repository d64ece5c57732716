"use client";

import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/use-toast";
import { PLANS } from "@/lib/plans/table";
import { useCreateServer } from "@/lib/servers/hooks";
import { useSubscription } from "@/lib/subscription/use-subscription";
import { ServerForm } from "./server-form";
import { emptyValues } from "./server-form-model";

export function NewServer() {
  const router = useRouter();
  const create = useCreateServer();
  const { subscription } = useSubscription();
  const minimum = PLANS[subscription.tier].minCheckIntervalSec;

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
