import { formatDuration } from "../duration";
import type { AlertEventName, AlertPayload } from "./schema";

/**
 * What an alert says, in words, whatever carries it (email, Slack, Discord):
 * a headline and a few lines of facts, written once from the payload.
 */
export interface AlertMessage {
  headline: string;
  lines: string[];
  /** Where to look: the server's page, or the settings for a test. */
  url: string;
  tone: "down" | "up" | "warning" | "info";
}

const MAX_LINE = 500;

const clip = (text: string) => (text.length > MAX_LINE ? `${text.slice(0, MAX_LINE - 1)}…` : text);

/** "2025-06-01 10:00 UTC": unambiguous in a mail read anywhere. */
export function formatTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

const times = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const TONES: Record<AlertEventName, AlertMessage["tone"]> = {
  "incident.opened": "down",
  "incident.resolved": "up",
  "incident.flapping": "warning",
  "incident.stable": "up",
  test: "info",
};

function flappingLines(p: AlertPayload): { headline: string; lines: string[] } {
  const name = p.server?.name ?? "A server";
  const f = p.flapping!;
  const now = f.status === "down" ? "It is down right now." : "It is up right now.";
  const rule = `Until it stays stable for ${f.windowMinutes} minutes, you get at most one summary every ${f.windowMinutes} minutes instead of an alert per change.`;
  if (!f.summary) {
    return {
      headline: `${name} is flapping`,
      lines: [`It went down ${times(f.openings, "time", "times")} in the last ${f.windowMinutes} minutes.`, now, rule],
    };
  }
  return {
    headline: `${name} is still flapping`,
    lines: [
      `${times(f.changes, "change", "changes")} (went down or came back) since the last alert; ${times(f.openings, "outage", "outages")} began in the last ${f.windowMinutes} minutes.`,
      now,
      rule,
    ],
  };
}

export function alertMessage(p: AlertPayload): AlertMessage {
  const name = p.server?.name ?? "A server";
  const incident = p.incident;
  const tone = TONES[p.event];
  switch (p.event) {
    case "incident.opened":
      return {
        headline: `${name} is down`,
        lines: [incident ? `Down since ${formatTime(incident.openedAt)}.` : "It stopped answering.", ...(incident ? [clip(`Reason: ${incident.reason}`)] : [])],
        url: p.url,
        tone,
      };
    case "incident.resolved":
      return {
        headline: `${name} is back up`,
        lines: incident
          ? [
              incident.durationSec !== null && incident.closedAt
                ? `It was down for ${formatDuration(incident.durationSec)}, from ${formatTime(incident.openedAt)} to ${formatTime(incident.closedAt)}.`
                : `It was down from ${formatTime(incident.openedAt)}.`,
              clip(`Reason it went down: ${incident.reason}`),
            ]
          : ["It answers again."],
        url: p.url,
        tone,
      };
    case "incident.flapping":
      return { ...flappingLines(p), url: p.url, tone };
    case "incident.stable": {
      const f = p.flapping;
      const minutes = f?.windowMinutes ?? 30;
      if (f?.status === "down" && incident) {
        return {
          headline: `${name} stopped flapping and stays down`,
          lines: [`No change for ${minutes} minutes: it has been down since ${formatTime(incident.openedAt)}.`, clip(`Reason: ${incident.reason}`), "Alerts are sent one by one again."],
          url: p.url,
          tone: "down",
        };
      }
      return {
        headline: `${name} is stable again`,
        lines: [`It has stayed up for ${minutes} minutes.`, "Alerts are sent one by one again."],
        url: p.url,
        tone,
      };
    }
    case "test":
      return { headline: "Test alert from MCP Console", lines: [clip(p.message ?? "This is a test.")], url: p.url, tone };
  }
}
