import "server-only";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation";

/**
 * The SDK builds an Ajv instance for every client and every server object,
 * to check tools' structured output and the answers to form requests, and
 * that costs more than a health check's own work, or a gateway request's
 * (whose server object lives for one request). Built here on first use
 * instead: checks, scans and most gateway requests never use it. One per
 * client or server, as the SDK does, since Ajv keeps every schema it compiled.
 */
export function lazyValidator(): jsonSchemaValidator {
  let ajv: AjvJsonSchemaValidator | undefined;
  return { getValidator: (schema) => (ajv ??= new AjvJsonSchemaValidator()).getValidator(schema) };
}
