import { apiGet } from "@/lib/api-client/fetch";
import { OperationBody } from "./operation-body";
import type { Operation, OperationAt } from "./types";

/**
 * Operations' parameters, bodies and answers, read in the browser from the
 * document the API serves: the page's HTML leaves them out (with their
 * schemas they made it 1.7 MB), and this module loads with the first
 * operation a reader opens.
 */

type Document = { paths: Record<string, Record<string, Operation>> };

let loaded: Promise<Document> | null = null;

/** One request for the whole page, however many operations open at once; after a failure the next opening asks again. */
function openApiDocument(): Promise<Document> {
  loaded ??= apiGet<Document>("/api/openapi.json").catch((err: unknown) => {
    loaded = null;
    throw err;
  });
  return loaded;
}

export async function operationBody(at: OperationAt) {
  const operation = (await openApiDocument()).paths[at.path]?.[at.method];
  // The page and the document come from the same build; a page kept open across a deployment may ask for a route that has gone.
  if (!operation) throw new Error("the API has changed since this page was loaded; reload the page");
  return <OperationBody operation={operation} />;
}
