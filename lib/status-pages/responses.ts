import { z, type ZodType } from "zod";
import { isoTime, serverRef } from "../api/fields";
import type { IncidentUpdateDto, IncidentUpdateList, StatusPageDto, StatusPageList } from "./schema";

/** The status pages' answers as zod schemas, for the API reference (see lib/servers/responses.ts). */

export const statusPageDto = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  published: z.boolean(),
  showUrls: z.boolean(),
  servers: z.array(serverRef),
  createdAt: isoTime,
  updatedAt: isoTime,
}) satisfies ZodType<StatusPageDto>;

export const statusPageList = z.object({ statusPages: z.array(statusPageDto) }) satisfies ZodType<StatusPageList>;

export const incidentUpdateDto = z.object({ id: z.string(), body: z.string(), createdAt: isoTime }) satisfies ZodType<IncidentUpdateDto>;

export const incidentUpdateList = z.object({ updates: z.array(incidentUpdateDto) }) satisfies ZodType<IncidentUpdateList>;
