import { z } from "zod";

/** Pausing alerts: the shapes the API, the settings and a server's Monitoring tab share. */

// The answers' types, each inferred from its zod schema in ./responses.ts (type-only: no schema reaches the browser from here).
export type { SilenceDto, SilenceList } from "./responses";

export const SILENCE_DURATIONS = ["1h", "4h", "24h", "until-resumed"] as const;
export type SilenceDuration = (typeof SILENCE_DURATIONS)[number];

export const SILENCE_DURATION_LABELS: Record<SilenceDuration, string> = {
  "1h": "1 hour",
  "4h": "4 hours",
  "24h": "24 hours",
  "until-resumed": "Until I resume",
};

export const SILENCE_REASON_MAX = 200;

export const silenceCreate = z.object({
  /** One server's alerts, or (null or absent) every server's. */
  serverId: z.uuid("Choose a server from your list.").nullable().default(null),
  duration: z.enum(SILENCE_DURATIONS),
  reason: z.string().trim().min(1, "Say why, for the activity log.").max(SILENCE_REASON_MAX, `At most ${SILENCE_REASON_MAX} characters.`),
});
export type SilenceCreate = z.infer<typeof silenceCreate>;
