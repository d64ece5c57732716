import { ApiReference } from "@/components/api-reference/api-reference";
import { PageIntro } from "@/components/marketing/page-intro";
import { env } from "@/lib/env";
import { openApiDocument } from "@/lib/openapi/document";
import { apiRoutes } from "@/app/api/route-modules";
import { pageMetadata } from "@/lib/site";

export const metadata = pageMetadata({
  title: "API reference",
  description: "Every endpoint of the MCP Console API: authentication, parameters, request bodies, answers and the error shape, from its OpenAPI 3.1 document.",
  path: "/docs/api",
});

// The base URL is the running service's APP_URL, as in /api/openapi.json.
export const dynamic = "force-dynamic";

export default async function ApiReferencePage() {
  const doc = await openApiDocument(env().appUrl, apiRoutes);
  return (
    <>
      <PageIntro
        wide
        title="API reference"
        lead="Register, explore, monitor and scan MCP servers from scripts and CI. Generated from the same schemas the API validates with."
      />
      <ApiReference document={doc as unknown as Parameters<typeof ApiReference>[0]["document"]} />
    </>
  );
}
