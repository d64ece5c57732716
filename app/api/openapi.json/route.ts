import { z } from "zod";
import { env } from "@/lib/env";
import { route } from "@/lib/route/handler";
import { openApiDocument } from "@/lib/openapi/document";
import { apiRoutes } from "@/app/api/route-modules";

const openApiShape = z.looseObject({ openapi: z.literal("3.1.0"), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) });

export const GET = route(
  { auth: "none", doc: { summary: "This API's OpenAPI 3.1 document", response: openApiShape } },
  async () => {
    const body = await openApiDocument(env().appUrl, apiRoutes);
    return Response.json(body, { headers: { "cache-control": "public, max-age=300" } });
  },
);
