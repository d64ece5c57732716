"use client";

import { Plus } from "lucide-react";
import { useId, useMemo, useState, type FormEvent } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { FormProblemBanner } from "@/components/app/form-problem";
import { nativeSelectClass } from "@/components/app/native-select";
import { useSaveForm } from "@/components/app/use-save-form";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { useGatewayView, useUpdateGateway } from "@/lib/gateways/hooks";
import { settledPrefixes } from "@/lib/gateways/prefix";
import { gatewayUpdate, MAX_GATEWAY_SERVERS, type GatewayDto, type ViewItemDto } from "@/lib/gateways/schema";
import { useServers } from "@/lib/servers/hooks";
import { MemberCard } from "./member-card";
import { membersOf, serversInput, type Member } from "./members-model";

/** The gateway's servers: which, under which prefix, and which of their items; saved together. */
export function ServersTab({ gateway }: { gateway: GatewayDto }) {
  // Started again from the saved gateway after each save (here or in another tab).
  return <MembersForm key={gateway.updatedAt} gateway={gateway} />;
}

function MembersForm({ gateway }: { gateway: GatewayDto }) {
  const id = useId();
  const update = useUpdateGateway(gateway.id);
  const view = useGatewayView(gateway.id);
  const [initial] = useState(() => membersOf(gateway));
  const [members, setMembers] = useState<Member[]>(initial);
  const { errors, problem, save } = useSaveForm();
  const saving = update.isPending;
  const dirty = JSON.stringify(serversInput(members)) !== JSON.stringify(serversInput(initial));

  const itemsByServer = useMemo(() => {
    const map = new Map<string, ViewItemDto[]>();
    for (const item of view.data?.items ?? []) map.set(item.serverId, [...(map.get(item.serverId) ?? []), item]);
    return map;
  }, [view.data]);
  const saved = new Set(gateway.servers.map((s) => s.serverId));
  const status = new Map(gateway.servers.map((s) => [s.serverId, s.status]));
  const prefixes = settledPrefixes(members.map((m) => ({ name: m.name, prefix: m.prefix.trim() || undefined })));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void save(gatewayUpdate.safeParse({ servers: serversInput(members) }), async (input) => {
      await update.mutateAsync(input);
      toast({ title: "Servers saved", description: "Agents see the change at their next list." });
    });
  }

  const change = (index: number, next: Member) => setMembers(members.map((m, i) => (i === index ? next : m)));

  return (
    <form noValidate onSubmit={submit} className="flex max-w-4xl flex-col gap-4" aria-busy={saving}>
      <FormProblemBanner problem={problem} />
      <p className="text-sm text-muted-foreground">
        Each server&apos;s tools and prompts reach the agent as <code className="font-mono">prefix__name</code>. Untick an item to keep it from the
        agent; a server listed first keeps a name that two servers share.
      </p>
      {members.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">This gateway serves no server yet: add one below.</p>
      ) : (
        <ol className="flex flex-col gap-4" aria-label="Servers of this gateway">
          {members.map((m, index) => (
            <li key={m.serverId}>
              <MemberCard
                idPrefix={`${id}-${index}`}
                member={m}
                status={status.get(m.serverId) ?? m.status}
                placeholder={prefixes[index]}
                items={saved.has(m.serverId) ? (itemsByServer.get(m.serverId) ?? []) : null}
                itemsLoading={view.isPending}
                prefixError={errors[`servers.${index}.prefix`] ?? errors[`servers.${index}.serverId`]}
                disabled={saving}
                onChange={(next) => change(index, next)}
                onRemove={() => setMembers(members.filter((_, i) => i !== index))}
              />
            </li>
          ))}
        </ol>
      )}
      {errors.servers ? <p className="text-sm text-destructive">{errors.servers}</p> : null}
      <AddServer idPrefix={`${id}-add`} members={members} disabled={saving} onAdd={(m) => setMembers([...members, m])} />
      <div className="flex flex-wrap items-center justify-end gap-2 border-t pt-4">
        {dirty ? <span className="mr-auto text-sm text-muted-foreground">Unsaved changes</span> : null}
        <Button type="button" variant="ghost" disabled={!dirty || saving} onClick={() => setMembers(initial)}>
          Discard changes
        </Button>
        <BusyButton type="submit" busy={saving} busyLabel="Saving" disabled={!dirty}>
          Save servers
        </BusyButton>
      </div>
    </form>
  );
}

function AddServer({ idPrefix, members, disabled, onAdd }: { idPrefix: string; members: Member[]; disabled: boolean; onAdd: (m: Member) => void }) {
  const servers = useServers({});
  const [chosen, setChosen] = useState("");
  const included = new Set(members.map((m) => m.serverId));
  const left = (servers.data ?? []).filter((s) => !included.has(s.id));
  if (servers.isPending || members.length >= MAX_GATEWAY_SERVERS) return null;
  if (left.length === 0) {
    return <p className="text-sm text-muted-foreground">{servers.data?.length ? "Every one of your servers is in this gateway." : "You have no servers to add yet."}</p>;
  }
  const selectId = `${idPrefix}-select`;
  const pick = left.find((s) => s.id === chosen) ?? left[0];
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:max-w-72 sm:flex-none">
        <Label htmlFor={selectId}>Add a server</Label>
        <select id={selectId} className={nativeSelectClass} value={pick.id} disabled={disabled} onChange={(e) => setChosen(e.target.value)}>
          {left.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      <Button
        type="button"
        variant="outline"
        disabled={disabled}
        onClick={() => {
          onAdd({ serverId: pick.id, name: pick.name, status: pick.status, prefix: "", filters: { tools: null, prompts: null, resources: null } });
          setChosen("");
        }}
      >
        <Plus aria-hidden="true" />
        Add
      </Button>
    </div>
  );
}
