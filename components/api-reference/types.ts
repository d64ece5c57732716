/** The parts of the OpenAPI document (lib/openapi/document.ts) that the reference page reads. */

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
};

export interface Parameter {
  name: string;
  in: "path" | "query";
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface Response {
  description: string;
  content?: Record<string, { schema?: JsonSchema }>;
}

export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, Response>;
}

export interface Endpoint {
  method: string;
  path: string;
  operation: Operation;
}

/** Where an operation sits in the document: `paths[path][method]`. */
export interface OperationAt {
  path: string;
  /** Lower case, as the document's keys. */
  method: string;
}
