/**
 * Reads GET /api/openapi.json (docs/DEVELOPING.md "API conventions") into what the API reference shows: operations by
 * tag, each with its roles, parameters, body fields and answers, and the named shapes the answers refer to. Only the
 * parts of OpenAPI 3.1 and JSON Schema (2020-12) that the server's generator writes are read here.
 */

export interface JsonSchema {
  type?: string | string[];
  $ref?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  description?: string;
  contentMediaType?: string;
}

interface MediaObject {
  schema?: JsonSchema;
  encoding?: Record<string, { contentType?: string }>;
}

interface ResponseObject {
  description?: string;
  $ref?: string;
  headers?: Record<string, { description?: string }>;
  content?: Record<string, MediaObject>;
}

interface OperationObject {
  operationId?: string;
  tags?: string[];
  'x-roles'?: string[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, MediaObject> };
  responses?: Record<string, ResponseObject>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string }[];
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** One field of an object: its name, type in words, whether it must be there, its limits, and its own fields. */
export interface Field {
  name: string;
  type: TypeText;
  required: boolean;
  notes: string[];
  fields: Field[];
}

/** A type as text, and the named shapes in it, for links to them. */
export interface TypeText {
  text: string;
  shapes: string[];
}

export interface Parameter {
  name: string;
  in: string;
  required: boolean;
  type: TypeText;
  notes: string[];
}

export interface Answer {
  status: string;
  description: string;
  mediaTypes: string[];
  type?: TypeText;
  fields: Field[];
  headers: { name: string; description: string }[];
}

export interface Operation {
  id: string;
  method: string;
  path: string;
  roles: string[];
  parameters: Parameter[];
  body?: { mediaType: string; type: TypeText; fields: Field[]; notes: string[] };
  answers: Answer[];
}

export interface Shape {
  name: string;
  type: TypeText;
  /** An object's fields; a union's are its variants', one list each. */
  variants: Field[][];
}

export interface Reference {
  title: string;
  version: string;
  description: string;
  tags: { name: string; operations: Operation[] }[];
  shapes: Shape[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);
const options = (schema: JsonSchema) => schema.anyOf ?? schema.oneOf;

/** A schema's type in words: 'string (uuid)', 'integer | null', 'Location[]', '"all" | "manual"'. */
export function typeText(schema: JsonSchema | undefined): TypeText {
  const plain = (text: string): TypeText => ({ text, shapes: [] });
  if (!schema) return plain('any');
  if (schema.$ref) return { text: refName(schema.$ref), shapes: [refName(schema.$ref)] };
  const union = options(schema);
  if (union) {
    const parts = union.map(typeText);
    return { text: parts.map((part) => part.text).join(' | '), shapes: parts.flatMap((part) => part.shapes) };
  }
  if (schema.enum) return plain(schema.enum.map((value) => JSON.stringify(value)).join(' | '));
  if (schema.const !== undefined) return plain(JSON.stringify(schema.const));
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'array') {
    const item = typeText(schema.items);
    return { text: item.text.includes(' | ') ? `(${item.text})[]` : `${item.text}[]`, shapes: item.shapes };
  }
  if (type === 'object' && !schema.properties && typeof schema.additionalProperties === 'object') {
    const value = typeText(schema.additionalProperties);
    return { text: `map of ${value.text}`, shapes: value.shapes };
  }
  if (!type) return plain('any');
  if (type === 'string' && schema.format) return plain(`string (${schema.format})`);
  if (type === 'string' && schema.contentMediaType) return plain('file');
  return plain(type);
}

/** The limits a schema sets, in a few words each. */
function notesOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const notes: string[] = [];
  for (const option of options(schema) ?? []) notes.push(...notesOf(option));
  if (schema.minLength !== undefined && schema.maxLength !== undefined)
    notes.push(`${schema.minLength}–${schema.maxLength} characters`);
  else if (schema.maxLength !== undefined) notes.push(`at most ${schema.maxLength} characters`);
  else if (schema.minLength !== undefined) notes.push(`at least ${schema.minLength} character(s)`);
  if (schema.minItems !== undefined && schema.maxItems !== undefined)
    notes.push(`${schema.minItems}–${schema.maxItems} items`);
  else if (schema.maxItems !== undefined) notes.push(`at most ${schema.maxItems} items`);
  if (schema.minimum !== undefined) notes.push(`from ${schema.minimum}`);
  if (schema.maximum !== undefined) notes.push(`up to ${schema.maximum}`);
  if (schema.pattern) notes.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.items) notes.push(...notesOf(schema.items));
  if (schema.description) notes.push(schema.description);
  return [...new Set(notes)];
}

/** The object a schema is, or lists, or allows besides null: where its fields are. */
function objectOf(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema || schema.$ref) return undefined;
  if (schema.properties) return schema;
  if (schema.items) return objectOf(schema.items);
  const union = options(schema)?.filter((option) => option.type !== 'null');
  return union?.length === 1 ? objectOf(union[0]) : undefined;
}

/** An object's fields, nested objects' fields under them; a named shape is a link, not repeated. */
export function fieldsOf(schema: JsonSchema | undefined): Field[] {
  const object = objectOf(schema);
  if (!object?.properties) return [];
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties).map(([name, property]) => ({
    name,
    type: typeText(property),
    required: required.has(name),
    notes: notesOf(property),
    fields: fieldsOf(property),
  }));
}

function answer(status: string, response: ResponseObject): Answer {
  const content = response.content ?? {};
  const json = content['application/json']?.schema;
  return {
    status,
    description: response.description ?? '',
    mediaTypes: Object.keys(content),
    type: json ? typeText(json) : undefined,
    fields: fieldsOf(json),
    headers: Object.entries(response.headers ?? {}).map(([name, header]) => ({
      name,
      description: header.description ?? '',
    })),
  };
}

function body(operation: OperationObject): Operation['body'] {
  const [mediaType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
  if (!mediaType || !media) return undefined;
  const notes = Object.entries(media.encoding ?? {}).map(([field, encoding]) => `${field}: ${encoding.contentType}`);
  return { mediaType, type: typeText(media.schema), fields: fieldsOf(media.schema), notes };
}

/**
 * The route table types the document as JSON with an `openapi`, `info` and `paths`; what is inside them is OpenAPI
 * 3.1 as the server's generator writes it (tests/api/openapi.test.ts validates it), read with the types above.
 */
export function readReference(json: { openapi: string; info: { title: string; version: string } }): Reference {
  const doc = json as OpenApiDocument;
  const byTag = new Map<string, Operation[]>((doc.tags ?? []).map((tag) => [tag.name, []]));
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({
        id: operation.operationId ?? `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        roles: operation['x-roles'] ?? [],
        parameters: (operation.parameters ?? []).map((p) => ({
          name: p.name,
          in: p.in,
          required: p.required ?? false,
          type: typeText(p.schema),
          notes: [...notesOf(p.schema), ...(p.description ? [p.description] : [])],
        })),
        body: body(operation),
        answers: Object.entries(operation.responses ?? {})
          .filter(([status]) => /^[23]/.test(status))
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([status, response]) => answer(status, response)),
      });
    }
  }
  const shapes = Object.entries(doc.components?.schemas ?? {}).map(([name, schema]) => ({
    name,
    type: typeText(schema),
    variants: (options(schema) ?? [schema]).map(fieldsOf).filter((fields) => fields.length > 0),
  }));
  return {
    title: doc.info.title,
    version: doc.info.version,
    description: doc.info.description ?? '',
    tags: [...byTag].map(([name, operations]) => ({ name, operations })).filter((tag) => tag.operations.length),
    shapes: shapes.sort((a, b) => a.name.localeCompare(b.name)),
  };
}
