"use client";

import { Command, defaultFilter } from "cmdk";
import { FileText, FlaskConical, MessageSquare, Plus, Search, Server, Settings, Waypoints, Wrench, type LucideIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { SETTINGS_SECTIONS } from "@/components/settings/sections";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { useGateways } from "@/lib/gateways/hooks";
import { ADMIN_NAV, APP_NAV } from "@/lib/nav";
import { paletteScope, usePaletteIndex, type PaletteEntry } from "@/lib/search/palette-index";
import { useServers } from "@/lib/servers/hooks";

const ACTIONS = [
  { href: "/servers/new", label: "Add a server", icon: Plus },
  { href: "/gateways/new", label: "New gateway", icon: Plus },
] as const;

const itemClass =
  "flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm outline-hidden data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground";
const groupClass = "[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground";

/**
 * Each item's value is a unique id (a page and a server may share a name).
 * What is typed must stand in the label, or else in one of its other
 * keywords, as written: cmdk's own score also takes letters scattered across
 * label and keywords together, so "coding" found "Connected apps" by way of
 * "settings". Within the matches, its score orders them.
 */
function matchLabel(_value: string, search: string, keywords: string[] = []): number {
  const typed = search.trim().toLowerCase();
  if (!typed) return 1;
  const [label = "", ...others] = keywords;
  if (label.toLowerCase().includes(typed)) return 0.5 + defaultFilter(label, typed) / 2;
  return others.some((k) => k.toLowerCase().includes(typed)) ? 0.25 : 0;
}

const ENTRY_GROUPS: { kind: PaletteEntry["kind"]; heading: string; icon: LucideIcon }[] = [
  { kind: "tool", heading: "Tools", icon: Wrench },
  { kind: "resource", heading: "Resources", icon: FileText },
  { kind: "prompt", heading: "Prompts", icon: MessageSquare },
  { kind: "gateway item", heading: "Gateways' items", icon: Waypoints },
];

function Item({ id, label, keywords = [], icon: Icon, onSelect, children }: { id: string; label: string; keywords?: string[]; icon: LucideIcon; onSelect: () => void; children?: ReactNode }) {
  return (
    <Command.Item value={id} keywords={[label, ...keywords]} onSelect={onSelect} className={itemClass}>
      <Icon aria-hidden="true" />
      <span className="min-w-0 flex-1 truncate">{children ?? label}</span>
    </Command.Item>
  );
}

/**
 * Type to go: every console page, each section of Settings, each server and
 * each gateway, and, once something is typed, the tools, resources and
 * prompts of the servers and the items of the gateways (fetched when the
 * palette opens). cmdk filters and keeps the arrow keys and Enter; the
 * project's dialog traps the focus, closes on Escape and gives the focus back.
 */
export function CommandPalette({ open, onOpenChange, isAdmin }: { open: boolean; onOpenChange: (open: boolean) => void; isAdmin: boolean }) {
  const router = useRouter();
  const servers = useServers();
  const gateways = useGateways();
  const pages = isAdmin ? [...APP_NAV, ADMIN_NAV] : APP_NAV;
  const index = usePaletteIndex(open, servers.data ?? [], gateways.data ?? []);
  // Only what is typed for: an open palette lists the pages, not every tool of every server.
  const [search, setSearch] = useState("");
  const searching = search.trim().length > 0;

  const go = (href: string) => {
    onOpenChange(false);
    setSearch("");
    router.push(href);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setSearch("");
        onOpenChange(next);
      }}
    >
      <DialogContent showCloseButton={false} aria-describedby={undefined} className="top-[12dvh] translate-y-0 gap-0 overflow-hidden p-0">
        <DialogTitle className="sr-only">Go to</DialogTitle>
        <Command label="Go to a page, server or gateway" loop filter={matchLabel}>
          <div className="flex items-center gap-2 border-b px-3">
            <Search aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <Command.Input value={search} onValueChange={setSearch} aria-describedby="palette-scope" placeholder="Go to a page, server, gateway, tool, resource or prompt…" className="h-11 w-full bg-transparent text-sm outline-hidden placeholder:text-muted-foreground" />
          </div>
          <Command.List className="max-h-[min(24rem,60dvh)] overflow-y-auto p-2">
            <Command.Empty className="px-2 py-6 text-center text-sm text-muted-foreground">{index.loading ? "Looking through your servers and gateways…" : "Nothing matches."}</Command.Empty>
            <Command.Group heading="Pages" className={groupClass}>
              {pages.map((p) => (
                <Item key={p.href} id={`page:${p.href}`} label={p.label} keywords={[p.href]} icon={p.icon} onSelect={() => go(p.href)} />
              ))}
              {ACTIONS.map((a) => (
                <Item key={a.href} id={`page:${a.href}`} label={a.label} icon={a.icon} onSelect={() => go(a.href)} />
              ))}
            </Command.Group>
            <Command.Group heading="Settings" className={groupClass}>
              {SETTINGS_SECTIONS.map((s) => (
                <Item key={s.id} id={`settings:${s.id}`} label={s.label} keywords={["settings"]} icon={Settings} onSelect={() => go(`/settings#${s.id}`)}>
                  Settings › {s.label}
                </Item>
              ))}
            </Command.Group>
            {servers.data?.length ? (
              <Command.Group heading="Servers" className={groupClass}>
                {servers.data.map((s) => (
                  <Item key={s.id} id={`server:${s.id}`} label={s.name} keywords={[s.url, ...s.tags]} icon={Server} onSelect={() => go(`/servers/${s.id}`)} />
                ))}
                {servers.data.map((s) => (
                  <Item key={`wb-${s.id}`} id={`workbench:${s.id}`} label={s.name} keywords={["workbench"]} icon={FlaskConical} onSelect={() => go(`/workbench?server=${encodeURIComponent(s.id)}`)}>
                    {s.name} in the workbench
                  </Item>
                ))}
              </Command.Group>
            ) : null}
            {gateways.data?.length ? (
              <Command.Group heading="Gateways" className={groupClass}>
                {gateways.data.map((g) => (
                  <Item key={g.id} id={`gateway:${g.id}`} label={g.name} icon={Waypoints} onSelect={() => go(`/gateways/${g.id}`)} />
                ))}
              </Command.Group>
            ) : null}
            {searching
              ? ENTRY_GROUPS.map(({ kind, heading, icon }) => {
                  const entries = index.entries.filter((e) => e.kind === kind);
                  return entries.length ? (
                    <Command.Group key={kind} heading={heading} className={groupClass}>
                      {entries.map((e) => (
                        <Item key={e.id} id={e.id} label={e.label} keywords={e.keywords} icon={icon} onSelect={() => go(e.href)}>
                          {e.label} <span className="text-muted-foreground">· {e.source}</span>
                        </Item>
                      ))}
                    </Command.Group>
                  ) : null;
                })
              : null}
          </Command.List>
          <p id="palette-scope" className="border-t px-3 py-2 text-xs text-muted-foreground">
            {paletteScope(servers.data?.length ?? 0, gateways.data?.length ?? 0)}
          </p>
        </Command>
      </DialogContent>
    </Dialog>
  );
}
