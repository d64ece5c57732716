"use client";

import { ChevronRight, X } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { StatusBadge } from "@/components/monitoring/status-badge";
import { STATUS_META } from "@/components/monitoring/server-status";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { MAX_PREFIX, NAME_SEPARATOR, type HiddenReason, type ItemFilter, type ItemKindList, type ViewItemDto } from "@/lib/gateways/schema";
import type { ServerStatus } from "@/lib/servers/schema";
import { REASON_LABEL } from "./item-status";
import { allOrNone, KIND_OF_LIST, serves, servesNew, toggled, withServeNew, type Member } from "./members-model";

const KIND_WORDS: Record<ItemKindList, { title: string; later: string }> = {
  tools: { title: "Tools", later: "Include tools the server adds later" },
  prompts: { title: "Prompts", later: "Include prompts the server adds later" },
  resources: { title: "Resources", later: "Include resources the server adds later" },
};

/** One server of the gateway: its prefix, and which of its tools, prompts and resources the agent gets. */
export function MemberCard({
  idPrefix,
  member,
  status,
  placeholder,
  items,
  itemsLoading,
  prefixError,
  disabled,
  onChange,
  onRemove,
}: {
  idPrefix: string;
  member: Member;
  status: string;
  placeholder: string;
  /** Its items as the gateway lists them; null for a server not saved into the gateway yet. */
  items: ViewItemDto[] | null;
  itemsLoading: boolean;
  prefixError?: string;
  disabled: boolean;
  onChange: (member: Member) => void;
  onRemove: () => void;
}) {
  const prefix = member.prefix.trim() || placeholder;
  return (
    <article aria-labelledby={`${idPrefix}-name`} className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`${idPrefix}-name`} className="min-w-0 font-medium break-all">
          <Link href={`/servers/${encodeURIComponent(member.serverId)}`} className="rounded-sm hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden">
            {member.name}
          </Link>
        </h2>
        {status in STATUS_META ? <StatusBadge status={status as ServerStatus} /> : null}
        <Button type="button" variant="ghost" size="sm" className="ml-auto" disabled={disabled} onClick={onRemove} aria-label={`Remove ${member.name} from the gateway`}>
          <X aria-hidden="true" />
          Remove
        </Button>
      </div>
      <Field
        label="Prefix"
        error={prefixError}
        hint={
          <>
            Its tools appear as{" "}
            <code className="font-mono">
              {prefix}
              {NAME_SEPARATOR}name
            </code>
            .
          </>
        }
      >
        {(control) => (
          <Input
            {...control}
            aria-label={`Prefix of ${member.name}`}
            className="font-mono sm:w-64"
            value={member.prefix}
            placeholder={placeholder}
            maxLength={MAX_PREFIX}
            autoComplete="off"
            spellCheck={false}
            disabled={disabled}
            onChange={(e) => onChange({ ...member, prefix: e.target.value })}
          />
        )}
      </Field>
      {items === null ? (
        <p className="text-sm text-muted-foreground">Save to choose which of its tools, prompts and resources the agent gets.</p>
      ) : itemsLoading ? (
        <p className="text-sm text-muted-foreground">Loading its tools…</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No tools, prompts or resources discovered on this server yet.</p>
      ) : (
        <div className="flex flex-col gap-2">
          {(["tools", "prompts", "resources"] as const).map((kind) => {
            const ofKind = items.filter((i) => KIND_OF_LIST[i.kind] === kind);
            if (ofKind.length === 0) return null;
            // Ticked or not, an item can be kept from the agent for another reason: said next to it.
            const notes = new Map(ofKind.flatMap((i) => (i.hidden && i.hidden.kind !== "filtered" ? [[i.key, noteOf(i.hidden)] as const] : [])));
            return (
              <KindFilter
                key={kind}
                idPrefix={`${idPrefix}-${kind}`}
                kind={kind}
                serverName={member.name}
                keys={ofKind.map((i) => i.key)}
                notes={notes}
                filter={member.filters[kind]}
                disabled={disabled}
                onChange={(filter) => onChange({ ...member, filters: { ...member.filters, [kind]: filter } })}
              />
            );
          })}
        </div>
      )}
    </article>
  );
}

/** Why a ticked item does not reach the agent, in a few words; a name or URI another server serves says which. */
function noteOf(reason: HiddenReason): string {
  return reason.kind === "collision" ? `served by ${reason.servedBy.serverName}` : REASON_LABEL[reason.kind].toLowerCase();
}

function KindFilter({
  idPrefix,
  kind,
  serverName,
  keys,
  notes,
  filter,
  disabled,
  onChange,
}: {
  idPrefix: string;
  kind: ItemKindList;
  serverName: string;
  keys: string[];
  /** Why an item is hidden anyway (blocked, quarantined…), by its key. */
  notes: ReadonlyMap<string, string>;
  filter: ItemFilter | null;
  disabled: boolean;
  onChange: (filter: ItemFilter | null) => void;
}) {
  const included = keys.filter((k) => serves(filter, k)).length;
  // Ticked is not served: a ticked item may be kept from the agent for another reason (its note says which).
  const reaching = keys.filter((k) => serves(filter, k) && !notes.has(k)).length;
  // Open at first when something does not reach the agent: that is what the owner came to see.
  const [open, setOpen] = useState(reaching < keys.length);
  const words = KIND_WORDS[kind];
  const laterId = `${idPrefix}-later`;
  return (
    <div className="rounded-lg border">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${idPrefix}-panel`}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
      >
        <ChevronRight aria-hidden="true" className={open ? "size-4 rotate-90 transition-transform" : "size-4 transition-transform"} />
        <span className="font-medium">{words.title}</span>{" "}
        <span className="text-muted-foreground">
          {reaching === keys.length
            ? `all ${keys.length} included`
            : `${included} of ${keys.length} included${reaching < included ? `, ${reaching} ${reaching === 1 ? "reaches" : "reach"} the agent` : ""}`}
        </span>
        <span className="sr-only"> of {serverName}</span>
      </button>
      {open ? (
        <div id={`${idPrefix}-panel`} className="flex flex-col gap-3 border-t px-3 py-3">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <div className="flex items-center gap-2">
              <Switch id={laterId} checked={servesNew(filter)} disabled={disabled} onCheckedChange={(on) => onChange(withServeNew(filter, keys, on))} />
              <Label htmlFor={laterId} className="font-normal">
                {words.later}
              </Label>
            </div>
            <div className="flex gap-1">
              <Button type="button" variant="ghost" size="sm" disabled={disabled || included === keys.length} onClick={() => onChange(allOrNone(filter, keys, true))}>
                Include all<span className="sr-only"> {words.title.toLowerCase()} of {serverName}</span>
              </Button>
              <Button type="button" variant="ghost" size="sm" disabled={disabled || included === 0} onClick={() => onChange(allOrNone(filter, keys, false))}>
                Include none<span className="sr-only"> of the {words.title.toLowerCase()} of {serverName}</span>
              </Button>
            </div>
          </div>
          <ul className="grid gap-x-4 gap-y-2 sm:grid-cols-2" aria-label={`${words.title} of ${serverName}`}>
            {keys.map((key, n) => {
              const boxId = `${idPrefix}-${n}`;
              return (
                <li key={key} className="flex min-w-0 items-center gap-2">
                  <Checkbox id={boxId} checked={serves(filter, key)} disabled={disabled} onCheckedChange={(on) => onChange(toggled(filter, key, on === true))} />
                  <Label htmlFor={boxId} className="min-w-0 font-mono text-xs font-normal wrap-anywhere">
                    {key}
                  </Label>
                  {notes.has(key) ? <span className="shrink-0 text-xs text-muted-foreground">({notes.get(key)})</span> : null}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
