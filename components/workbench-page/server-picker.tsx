"use client";

import { ServerSelect } from "@/components/servers/server-select";
import { StatusBadge } from "@/components/servers/status-badge";
import { Label } from "@/components/ui/label";
import type { ServerDto } from "@/lib/servers/schema";

/** Which of the user's servers the workbench talks to. */
export function ServerPicker({ servers, value, onChange }: { servers: ServerDto[]; value: string; onChange: (id: string) => void }) {
  const current = servers.find((s) => s.id === value);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Label htmlFor="wb-server" className="text-sm font-medium">
        Server
      </Label>
      <ServerSelect control={{ id: "wb-server" }} servers={servers} value={value} onChange={onChange} placeholder="Choose a server" className="w-72" />
      {current ? <StatusBadge status={current.status} /> : null}
    </div>
  );
}
