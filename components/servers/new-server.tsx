"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/components/ui/use-toast";
import { useCreateServer } from "@/lib/servers/hooks";
import { ServerForm } from "./server-form";
import { emptyValues } from "./server-form-model";

export function NewServer() {
  const router = useRouter();
  const create = useCreateServer();
  const [initialValues] = useState(emptyValues);

  return (
    <ServerForm
      mode="create"
      initialValues={initialValues}
      cancelHref="/servers"
      onSubmit={async (payload) => {
        const server = await create.mutateAsync(payload);
        toast({ title: "Server added", description: `${server.name} is registered.` });
        router.push(`/servers/${server.id}`);
      }}
    />
  );
}
