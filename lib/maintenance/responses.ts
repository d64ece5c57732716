import { z, type ZodType } from "zod";
import { isoTime, serverRef } from "../api/fields";
import type { MaintenanceDto, MaintenanceList } from "./schema";

/** Maintenance's answers as zod schemas, for the API reference (see lib/servers/responses.ts). */

export const maintenanceDto = z.object({
  id: z.string(),
  startsAt: isoTime,
  endsAt: isoTime,
  note: z.string(),
  servers: z.array(serverRef),
}) satisfies ZodType<MaintenanceDto>;

export const maintenanceList = z.object({ windows: z.array(maintenanceDto) }) satisfies ZodType<MaintenanceList>;
