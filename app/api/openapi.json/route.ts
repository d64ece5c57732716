import { env } from "@/lib/env";
import { route } from "@/lib/http/route";
import { openApiDocument } from "@/lib/openapi/document";

export const GET = route(
  { auth: "none", doc: { summary: "This API's OpenAPI 3.1 document" } },
  async () => {
    const body = await openApiDocument(env().appUrl);
    return Response.json(body, { headers: { "cache-control": "public, max-age=300" } });
  },
);
