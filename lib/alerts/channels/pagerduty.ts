import { alertMessage } from "../message";
import type { AlertPayload } from "../schema";

/**
 * PagerDuty Events API v2 (`POST /v2/enqueue`): an outage triggers an alert
 * and its recovery resolves it, matched by `dedup_key`, one per incident.
 * While a server flaps its changes are not sent one by one, so the flapping
 * alert triggers one key of the server's own and "stable again" resolves it
 * (when the server ended up down, it triggers that key again instead, and
 * it stays open until resolved in PagerDuty).
 */

const MAX_SUMMARY = 1024;

export function pagerDutyDedupKey(p: AlertPayload): string {
  if (p.event === "incident.flapping" || p.event === "incident.stable") return `mcp-console:server:${p.server?.id}:flapping`;
  if (p.incident) return `mcp-console:incident:${p.incident.id}`;
  // A test: its own key, resolved by nothing, so it never merges with a real alert.
  return `mcp-console:test:${p.id}`;
}

function action(p: AlertPayload): "trigger" | "resolve" {
  if (p.event === "incident.resolved") return "resolve";
  if (p.event === "incident.stable") return p.flapping?.status === "down" ? "trigger" : "resolve";
  return "trigger";
}

export function pagerDutyEvent(p: AlertPayload, routingKey: string) {
  const m = alertMessage(p);
  const eventAction = action(p);
  const key = pagerDutyDedupKey(p);
  // A resolve needs only the key; PagerDuty ignores a payload on it.
  if (eventAction === "resolve") return { routing_key: routingKey, event_action: eventAction, dedup_key: key };
  return {
    routing_key: routingKey,
    event_action: eventAction,
    dedup_key: key,
    payload: {
      summary: m.headline.slice(0, MAX_SUMMARY),
      source: p.server?.name ?? "MCP Console",
      severity: m.tone === "down" ? "critical" : m.tone === "warning" ? "warning" : "info",
      timestamp: p.createdAt,
      component: p.server ? `mcp-server:${p.server.id}` : undefined,
      custom_details: { event: p.event, details: m.lines, incident: p.incident, flapping: p.flapping },
    },
    client: "MCP Console",
    client_url: m.url,
    links: [{ href: m.url, text: p.event === "test" ? "MCP Console settings" : "Server in MCP Console" }],
  };
}
