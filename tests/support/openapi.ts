import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: object }> }> }>>;
  components: { schemas: Record<string, object> };
};

/**
 * Checks answers against an OpenAPI 3.1 document with Ajv (JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1): the answer's status picks the
 * response (else `default`), its JSON body must match the schema, and with
 * `contentType` given, the answer's media type must be one the response lists.
 * An NDJSON answer is given as its parsed lines: each must match the schema.
 */
const NDJSON = "application/x-ndjson";

export function responseValidator(doc: Doc) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: "openapi", components: doc.components });
  const compiled = new Map<string, ValidateFunction>();

  return function problems(path: string, method: string, status: number, body: unknown, contentType?: string): string[] {
    const operation = doc.paths[path]?.[method.toLowerCase()];
    if (!operation) return [`${method} ${path} is not in the document`];
    const response = operation.responses[String(status)] ?? operation.responses.default;
    if (!response) return [`${method} ${path} documents no ${status} answer`];
    const mediaType = contentType?.split(";")[0].trim();
    if (mediaType !== undefined && status !== 204 && !(mediaType in (response.content ?? {}))) {
      return [`${method} ${path} ${status}: answered ${mediaType || "(no content type)"}, documented ${Object.keys(response.content ?? {}).join(", ") || "no body"}`];
    }
    const schemaType = mediaType === NDJSON ? NDJSON : "application/json";
    if (mediaType !== undefined && mediaType !== schemaType) return [];
    const schema = response.content?.[schemaType]?.schema;
    if (!schema) return [];
    const key = `${method} ${path} ${status} ${schemaType}`;
    let validate = compiled.get(key);
    if (!validate) {
      // The document's `#/components/...` references are resolved against the document.
      const text = JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/');
      validate = ajv.compile(JSON.parse(text));
      compiled.set(key, validate);
    }
    // A stream that was not read: its media type is all there is to check.
    if (schemaType === NDJSON && !Array.isArray(body)) return [];
    const items = schemaType === NDJSON ? (body as unknown[]) : [body];
    return items.flatMap((item, i) =>
      validate(item) ? [] : (validate.errors ?? []).map((e) => `${key}${schemaType === NDJSON ? ` line ${i + 1}` : ""}: ${e.instancePath || "(body)"} ${e.message}`),
    );
  };
}
