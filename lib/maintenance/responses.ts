import { z } from "zod";
import { isoTime, serverRef } from "../api-contract/fields";

/** Maintenance's answers: one zod schema each, its type inferred from it (re-exported by ./schema.ts; see lib/servers/responses.ts). */

/** A window as its owner sees it. */
export const maintenanceDto = z.object({
  id: z.string(),
  startsAt: isoTime,
  endsAt: isoTime,
  note: z.string(),
  servers: z.array(serverRef),
});
export type MaintenanceDto = z.infer<typeof maintenanceDto>;

/** `GET /api/maintenance`: windows not yet over, and those that ended in the last week, by start. */
export const maintenanceList = z.object({ windows: z.array(maintenanceDto) });
export type MaintenanceList = z.infer<typeof maintenanceList>;
