import type { InventoryKind } from "../mcp/definitions";
import { exposedName } from "./names";
import { resourceIdentity, resourceIdentityWithoutQuery } from "./resource-identity";
import { templateMatches } from "./template-match";
import type { BlockSeverity, GatewayPolicy, HiddenReason, ItemFilter } from "./schema";

/**
 * What a gateway serves, decided from what is stored: the servers it
 * includes, their discovered definitions, their approved (pinned)
 * definitions and their open findings. Pure, so that the endpoint, the
 * console page and the tests decide alike.
 *
 * An item is hidden, in this order of precedence, when the owner filtered
 * it out, when an open finding at or above the policy's severity names it,
 * when its definition is not the approved one (quarantine), when monitoring
 * saw its server down, or when an earlier server already serves its name.
 */

export interface StoredItem {
  kind: InventoryKind;
  key: string;
  definition: Record<string, unknown>;
  hash: string;
}

export interface OpenFinding {
  id: string;
  ruleId: string;
  severity: "critical" | "high" | "medium" | "low" | "info";
  targetKind: string;
  targetName: string;
}

export interface ViewServer {
  serverId: string;
  name: string;
  prefix: string;
  status: string;
  /** Why its open incident opened (a failed check's reason): what a call to a down server is answered with. */
  downReason?: string | null;
  filters: { tools: ItemFilter | null; prompts: ItemFilter | null; resources: ItemFilter | null };
  items: StoredItem[];
  /** Approved hash by `kind key`; null when the server has no approved definitions at all. */
  approved: Map<string, string> | null;
  approvedAt: Date | null;
  findings: OpenFinding[];
}

export interface ViewItem {
  kind: InventoryKind;
  server: ViewServer;
  key: string;
  /** The definition's hash (lib/mcp/definitions.ts). */
  hash: string;
  /** Tool or prompt name as the agent sees it; a resource's URI or a template as they are. */
  exposedName: string;
  /** The definition as listed to the agent (renamed). */
  served: Record<string, unknown>;
  hidden: HiddenReason | null;
}

export interface GatewayView {
  items: ViewItem[];
  /** Listed items by exposed name (tools, prompts) or URI (resources); templates in order. */
  tools: Map<string, ViewItem>;
  prompts: Map<string, ViewItem>;
  resources: Map<string, ViewItem>;
  templates: ViewItem[];
  /** Every item by exposed name, listed or not: to say why a call is refused. */
  byExposedName: Map<string, ViewItem>;
  /**
   * Resources hidden for what they are (not for a name another server took),
   * by their URI's identity (lib/gateways/resource-identity.ts): a read that
   * names one is refused, whatever template would take it.
   */
  hiddenResources: Map<string, ViewItem>;
  /**
   * Templates hidden for what they are: a server that dispatches a read to
   * the first of its templates that matches (as the SDK's McpServer does)
   * would serve a URI of one through a listed template that also matches it.
   */
  hiddenTemplates: ViewItem[];
}

const RUG_PULL_RULE = "rug-pull";

const RANK: Record<string, number> = { info: 0, low: 1, medium: 2, high: 3, critical: 4 };

export const blocks = (severity: string, threshold: BlockSeverity) => threshold !== "off" && RANK[severity] >= RANK[threshold];

export const approvalKey = (kind: string, key: string) => `${kind} ${key}`;

const FILTER_OF: Record<InventoryKind, keyof ViewServer["filters"]> = {
  tool: "tools",
  prompt: "prompts",
  resource: "resources",
  resource_template: "resources",
};

const KIND_LABEL: Record<InventoryKind, string> = { tool: "tool", prompt: "prompt", resource: "resource", resource_template: "resource template" };

function passesFilter(filter: ItemFilter | null, item: StoredItem): boolean {
  if (!filter) return true;
  const names = [item.key, typeof item.definition.name === "string" ? item.definition.name : ""].filter(Boolean);
  if (filter.allow) return names.some((n) => filter.allow!.includes(n));
  if (filter.deny) return !names.some((n) => filter.deny!.includes(n));
  return true;
}

function servedDefinition(kind: InventoryKind, definition: Record<string, unknown>, name: string): Record<string, unknown> {
  return kind === "tool" || kind === "prompt" ? { ...definition, name } : definition;
}

function hiddenReason(server: ViewServer, item: StoredItem, policy: GatewayPolicy, findings: Map<string, OpenFinding>): HiddenReason | null {
  const label = KIND_LABEL[item.kind];
  if (!passesFilter(server.filters[FILTER_OF[item.kind]], item)) {
    return { kind: "filtered", message: `The gateway's ${FILTER_OF[item.kind]} list leaves this ${label} out.` };
  }
  const finding = findings.get(approvalKey(item.kind, item.key));
  if (finding) {
    return {
      kind: "blocked",
      message: `Blocked by the scanner's ${finding.severity} finding ${finding.ruleId}.`,
      finding: { id: finding.id, ruleId: finding.ruleId, severity: finding.severity },
    };
  }
  if (policy.quarantineChanged) {
    const approved = server.approved?.get(approvalKey(item.kind, item.key));
    if (approved !== item.hash) {
      const change = approved === undefined ? "new" : "changed";
      return {
        kind: "quarantined",
        message:
          change === "new"
            ? `Quarantined: this ${label} appeared after the server's definitions were approved. Approve it to serve it.`
            : `Quarantined: this ${label}'s definition changed since it was approved. Review the change and approve it to serve it.`,
        since: server.approvedAt?.toISOString() ?? null,
        change,
      };
    }
  }
  if (server.status === "down") {
    const why = server.downReason ? ` (${server.downReason.replace(/\.$/, "")})` : "";
    return { kind: "server_down", message: `Monitoring saw ${server.name} down${why}; its items come back when it is up.` };
  }
  return null;
}

/**
 * The worst open finding on each item that reaches the policy's threshold.
 * With quarantine on, the scanner's rug-pull finding (a definition changed
 * since its pin) says what quarantine already says, and quarantine is what
 * approving lifts: it is left to quarantine.
 */
function blockingFindings(server: ViewServer, policy: GatewayPolicy): Map<string, OpenFinding> {
  const byItem = new Map<string, OpenFinding>();
  for (const f of server.findings) {
    if (!blocks(f.severity, policy.blockSeverity)) continue;
    if (policy.quarantineChanged && f.ruleId === RUG_PULL_RULE) continue;
    const key = approvalKey(f.targetKind, f.targetName);
    const worst = byItem.get(key);
    if (!worst || RANK[f.severity] > RANK[worst.severity]) byItem.set(key, f);
  }
  return byItem;
}

/**
 * An item whose name (or URI) an earlier server of the gateway serves. A
 * prefix renames tools and prompts apart; a resource's URI is the server's
 * own, which the agent reads as it is (a URI in a tool's result must stay
 * readable), so the owner chooses which server serves it.
 */
function collision(kind: InventoryKind, name: string, first: ViewServer): HiddenReason {
  const servedBy = { serverId: first.serverId, serverName: first.name };
  const named = kind === "tool" || kind === "prompt";
  return {
    kind: "collision",
    servedBy,
    message: named
      ? `${first.name} already serves "${name}": give one of the two servers another prefix.`
      : `${first.name} serves the same ${KIND_LABEL[kind]} and comes first, so an agent reads "${name}" from ${first.name}. Choose which server serves it.`,
  };
}

/** The hidden resource a read of `uri` would reach, if any: by its URI's identity, or that identity without its query. */
export function hiddenResourceAt(view: GatewayView, uri: string): ViewItem | undefined {
  if (view.hiddenResources.size === 0) return undefined;
  return view.hiddenResources.get(resourceIdentity(uri)) ?? view.hiddenResources.get(resourceIdentityWithoutQuery(uri));
}

/**
 * The hidden template of `template`'s server that a read of `uri` through
 * `template` could reach on that server, if any: `uri` fits it as written,
 * or its identity fits it in lower case (resource-identity.ts).
 */
export function hiddenTemplateAt(view: GatewayView, template: ViewItem, uri: string): ViewItem | undefined {
  const ofServer = view.hiddenTemplates.filter((t) => t.server.serverId === template.server.serverId);
  if (ofServer.length === 0) return undefined;
  const identity = resourceIdentity(uri);
  return ofServer.find((t) => templateMatches(t.key, uri) || templateMatches(t.key.toLowerCase(), identity));
}

export function gatewayView(servers: ViewServer[], policy: GatewayPolicy): GatewayView {
  const view: GatewayView = {
    items: [],
    tools: new Map(),
    prompts: new Map(),
    resources: new Map(),
    templates: [],
    byExposedName: new Map(),
    hiddenResources: new Map(),
    hiddenTemplates: [],
  };
  for (const server of servers) {
    const findings = blockingFindings(server, policy);
    for (const stored of server.items) {
      const named = stored.kind === "tool" || stored.kind === "prompt";
      const name = named ? exposedName(server.prefix, stored.key) : stored.key;
      let hidden = hiddenReason(server, stored, policy, findings);
      const listed = stored.kind === "tool" ? view.tools : stored.kind === "prompt" ? view.prompts : view.resources;
      const taken = stored.kind === "resource_template" ? view.templates.find((t) => t.exposedName === name) : listed.get(name);
      if (!hidden && taken) hidden = collision(stored.kind, name, taken.server);
      const item: ViewItem = { kind: stored.kind, server, key: stored.key, hash: stored.hash, exposedName: name, served: servedDefinition(stored.kind, stored.definition, name), hidden };
      view.items.push(item);
      if (named && !view.byExposedName.has(name)) view.byExposedName.set(name, item);
      if (stored.kind === "resource" && hidden && hidden.kind !== "collision") {
        const identity = resourceIdentity(name);
        if (!view.hiddenResources.has(identity)) view.hiddenResources.set(identity, item);
      }
      if (stored.kind === "resource_template" && hidden && hidden.kind !== "collision") view.hiddenTemplates.push(item);
      if (hidden) continue;
      if (stored.kind === "resource_template") {
        view.templates.push(item);
      } else {
        listed.set(name, item);
        if (named) view.byExposedName.set(name, item);
      }
    }
  }
  return view;
}
