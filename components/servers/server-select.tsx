"use client";

import type { ControlProps } from "@/components/ui/field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/utils";

/**
 * One of the user's servers, picked by name. `none` is an extra first choice
 * that names no server ("All servers", "No particular server").
 */
export function ServerSelect({
  control,
  servers,
  value,
  onChange,
  none,
  placeholder,
  className,
}: {
  control: ControlProps;
  servers: readonly { id: string; name: string }[];
  value: string;
  onChange: (value: string) => void;
  none?: { value: string; label: string };
  placeholder?: string;
  className?: string;
}) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger {...control} className={cn(className)}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {none ? <SelectItem value={none.value}>{none.label}</SelectItem> : null}
        {servers.map((s) => (
          <SelectItem key={s.id} value={s.id}>
            {s.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
