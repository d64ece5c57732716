/**
 * The subset of JSON Schema (draft-07 and 2020-12) that MCP servers use for
 * tool `inputSchema`s. Keywords outside it are tolerated and ignored.
 */
export interface JsonSchemaObject {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
  type?: JsonType | JsonType[];
  title?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  /** A number in draft 6+; a boolean modifier of `minimum` in draft 4. */
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema;
  minProperties?: number;
  maxProperties?: number;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  not?: JsonSchema;
  [keyword: string]: unknown;
}

/** `true` accepts anything, `false` nothing. */
export type JsonSchema = JsonSchemaObject | boolean;

export type JsonType = "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";

/** One validation problem. `path` is a JSON Pointer into the value ("" is the whole value). */
export interface Issue {
  path: string;
  message: string;
}
