const FLAG_LABELS: Record<string, string> = {
  listChanged: "list changes",
  subscribe: "subscriptions",
};

export interface CapabilityBadge {
  name: string;
  /** The capability's sub-features ("list changes, subscriptions"), if any. */
  detail: string | null;
}

/** The MCP capabilities object as a list of badges, in the server's order. */
export function capabilityBadges(capabilities: Record<string, unknown> | null | undefined): CapabilityBadge[] {
  if (!capabilities) return [];
  return Object.entries(capabilities)
    .filter(([, value]) => value !== undefined && value !== null && value !== false)
    .map(([name, value]) => {
      const flags =
        typeof value === "object" && !Array.isArray(value)
          ? Object.entries(value as Record<string, unknown>)
              .filter(([, on]) => on === true)
              .map(([flag]) => FLAG_LABELS[flag] ?? flag)
          : [];
      return { name, detail: flags.length > 0 ? flags.join(", ") : null };
    });
}
