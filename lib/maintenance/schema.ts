import { z } from "zod";

/** Maintenance windows: the shapes the API, the console's form and the public page share. */

// The answers' types, each inferred from its zod schema in ./responses.ts (type-only: no schema reaches the browser from here).
export type { MaintenanceDto, MaintenanceList } from "./responses";

export const MAINTENANCE_NOTE_MAX = 500;
export const MAINTENANCE_MAX_SERVERS = 50;
/** The longest window: a longer outage is not maintenance, and would hide one. */
export const MAINTENANCE_MAX_DAYS = 7;

export const maintenanceCreate = z
  .object({
    startsAt: z.iso.datetime({ offset: true, message: "Enter when it starts." }),
    endsAt: z.iso.datetime({ offset: true, message: "Enter when it ends." }),
    serverIds: z
      .array(z.uuid("Choose servers from your list."))
      .min(1, "Choose at least one server.")
      .max(MAINTENANCE_MAX_SERVERS, `A window covers at most ${MAINTENANCE_MAX_SERVERS} servers.`)
      .refine((ids) => new Set(ids).size === ids.length, "A server is listed twice."),
    note: z.string().trim().max(MAINTENANCE_NOTE_MAX, `Notes are at most ${MAINTENANCE_NOTE_MAX} characters.`).default(""),
  })
  .refine((w) => Date.parse(w.endsAt) > Date.parse(w.startsAt), { path: ["endsAt"], message: "It must end after it starts." })
  .refine((w) => Date.parse(w.endsAt) - Date.parse(w.startsAt) <= MAINTENANCE_MAX_DAYS * 86_400_000, {
    path: ["endsAt"],
    message: `A window lasts at most ${MAINTENANCE_MAX_DAYS} days.`,
  });
export type MaintenanceCreate = z.infer<typeof maintenanceCreate>;

/** A window as a status page shows it: the page's servers it covers, by name. */
export interface PublicMaintenance {
  startsAt: string;
  endsAt: string;
  note: string;
  servers: string[];
}
