"use client";

import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { ServerDto } from "@/lib/servers/schema";
import { StatusBadge } from "@/components/servers/status-badge";

/** Which of the user's servers the workbench talks to. */
export function ServerPicker({ servers, value, onChange }: { servers: ServerDto[]; value: string; onChange: (id: string) => void }) {
  const current = servers.find((s) => s.id === value);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Label htmlFor="wb-server" className="text-sm font-medium">
        Server
      </Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id="wb-server" className="w-72">
          <SelectValue placeholder="Choose a server" />
        </SelectTrigger>
        <SelectContent>
          {servers.map((s) => (
            <SelectItem key={s.id} value={s.id}>
              {s.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {current ? <StatusBadge status={current.status} /> : null}
    </div>
  );
}
