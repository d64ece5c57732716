"use client";

import { Server } from "lucide-react";
import Link from "next/link";
import { LoadError } from "@/components/app/load-error";
import { Loading, SkeletonRows } from "@/components/app/loading";
import { StatusBadge } from "@/components/monitoring/status-badge";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { settledPrefixes } from "@/lib/gateways/prefix";
import { MAX_PREFIX, NAME_SEPARATOR } from "@/lib/gateways/schema";
import { useServers } from "@/lib/servers/hooks";
import type { FieldErrors } from "@/components/app/save-error";

export interface ChosenServer {
  serverId: string;
  name: string;
  /** As typed; empty: the service gives the server's default. */
  prefix: string;
}

/**
 * The user's servers, each with a box to include it; an included server
 * shows its prefix, which the agent sees before each of its tool and prompt
 * names. Errors are keyed as the API names them (`servers.0.prefix`).
 */
export function ServerChooser({
  idPrefix,
  chosen,
  errors,
  disabled,
  onChange,
}: {
  idPrefix: string;
  chosen: ChosenServer[];
  errors: FieldErrors;
  disabled?: boolean;
  onChange: (chosen: ChosenServer[]) => void;
}) {
  const servers = useServers({});
  if (servers.isPending) {
    return (
      <Loading label="Loading your servers…">
        <SkeletonRows className="h-12 w-full" layout="flex flex-col gap-2" />
      </Loading>
    );
  }
  if (servers.isError) return <LoadError what="your servers" query={servers} />;
  if (servers.data.length === 0) {
    return (
      <div className="flex flex-col items-start gap-2 rounded-lg border border-dashed p-4 text-sm">
        <Server aria-hidden="true" className="size-5 text-muted-foreground" />
        <p>You have no servers yet. A gateway serves servers you have registered.</p>
        <Link href="/servers/new" className="font-medium text-primary underline underline-offset-4">
          Add a server
        </Link>
      </div>
    );
  }

  const prefixes = settledPrefixes(chosen.map((c) => ({ name: c.name, prefix: c.prefix.trim() || undefined })));
  const toggle = (id: string, name: string, on: boolean) =>
    onChange(on ? [...chosen, { serverId: id, name, prefix: "" }] : chosen.filter((c) => c.serverId !== id));

  return (
    <ul className="flex flex-col divide-y rounded-lg border" aria-label="Your servers">
      {servers.data.map((s) => {
        const index = chosen.findIndex((c) => c.serverId === s.id);
        const included = index >= 0;
        const boxId = `${idPrefix}-${s.id}`;
        return (
          <li key={s.id} className="flex flex-col gap-3 p-3">
            <div className="flex items-center gap-3">
              <Checkbox id={boxId} checked={included} disabled={disabled} onCheckedChange={(on) => toggle(s.id, s.name, on === true)} />
              <Label htmlFor={boxId} className="min-w-0 flex-1 flex-wrap">
                <span className="break-all">{s.name}</span>{" "}
                <span className="font-normal text-muted-foreground">
                  {s.counts.tools} {s.counts.tools === 1 ? "tool" : "tools"}
                </span>
              </Label>
              <StatusBadge status={s.status} />
            </div>
            {included ? (
              <Field
                className="pl-7"
                label={`Prefix for ${s.name}`}
                hint={
                  <>
                    Its tools and prompts appear as{" "}
                    <code className="font-mono">
                      {chosen[index].prefix.trim() || prefixes[index]}
                      {NAME_SEPARATOR}name
                    </code>
                    . Leave it empty for the default.
                  </>
                }
                error={errors[`servers.${index}.prefix`]}
              >
                {(control) => (
                  <Input
                    {...control}
                    className="font-mono sm:w-64"
                    value={chosen[index].prefix}
                    placeholder={prefixes[index]}
                    maxLength={MAX_PREFIX}
                    autoComplete="off"
                    spellCheck={false}
                    disabled={disabled}
                    onChange={(e) => onChange(chosen.map((c, i) => (i === index ? { ...c, prefix: e.target.value } : c)))}
                  />
                )}
              </Field>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
