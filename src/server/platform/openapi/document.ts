import { toJsonSchema, toJsonSchemaDefs, type ConversionConfig, type JsonSchema } from '@valibot/to-json-schema';
import type { RouterRoute } from 'hono/types';
import type * as v from 'valibot';
import packageJson from '../../../../package.json' with { type: 'json' };
import { REFRESHED_TOKEN_HEADER } from '../../../shared/session-lifetime';
import { namedShapes, shapeName, type RouteMeta } from './describe';
import { describeRoutes, type RouteDescription } from './routes';
import { ErrorAnswer, type OpenApiAnswer } from './shapes';

/**
 * The OpenAPI 3.1 document of the API (docs/DEVELOPING.md "API conventions"), built from the routes as they are
 * registered: their role checks, their validators' valibot schemas and their answer markers (describe.ts). JSON
 * Schema comes from @valibot/to-json-schema (draft 2020-12, OpenAPI 3.1's dialect).
 *
 * What JSON Schema cannot say is left out rather than guessed (`errorMode: 'ignore'`): custom checks (`v.check`, a
 * date that exists, a forbidden character, a cross-field rule) and everything after a transformation (`typeMode:
 * 'input'` describes what the client sends, up to the first `v.transform`: an id sent as digits is a string with
 * its pattern, not the number the server turns it into). The server's 422 message names what a schema could not.
 */
type Json = Record<string, unknown>;

const CONVERSION = { target: 'draft-2020-12', errorMode: 'ignore' } as const satisfies ConversionConfig;
const componentRef = ({ referenceId }: { referenceId: string }) => `#/components/schemas/${referenceId}`;

/** A request part's JSON Schema, as the document gives it: what the client sends (typeMode 'input'). */
export function requestJsonSchema(schema: v.GenericSchema): JsonSchema {
  const { $schema: _, ...rest } = toJsonSchema(schema, { ...CONVERSION, typeMode: 'input' });
  return rest;
}

/** An answer's JSON Schema, with the named shapes as references to the document's components. */
export function answerJsonSchema(schema: v.GenericSchema): JsonSchema {
  const converted = toJsonSchema(schema, {
    ...CONVERSION,
    typeMode: 'output',
    definitions: namedShapes(),
    overrideRef: componentRef,
  });
  const { $schema: _, $defs: __, ...rest } = converted;
  return rest;
}

/** /api/hotels/:id/room-cards.pdf → /api/hotels/{id}/room-cards.pdf */
export const openApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');

/** The URL prefix after /api: the operation's tag (hotels, customer-scans, merchant, openapi.json...). */
const tagOf = (path: string) => path.split('/')[2] || 'api';

const camel = (word: string) => word.replace(/[-_.](\w)/g, (_m, c: string) => c.toUpperCase());
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
/** GET /api/hotels/:id/renewal-history → getHotelsByIdRenewalHistory */
const operationId = (method: string, path: string) =>
  method.toLowerCase() +
  path
    .split('/')
    .slice(2)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `By${capital(camel(part.slice(1)))}` : capital(camel(part))))
    .join('');

const LOCATIONS = { param: 'path', query: 'query', header: 'header', cookie: 'cookie' } as const;

/** Path, query and header parameters: one per property of each validator's object schema. */
function parameters(route: RouteDescription): Json[] {
  const list: Json[] = [];
  for (const { target, schema } of route.validators) {
    if (target === 'json' || target === 'form') continue;
    const json = requestJsonSchema(schema);
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set(json.required ?? []);
    for (const [name, property] of Object.entries(properties)) {
      const location = LOCATIONS[target];
      list.push({ name, in: location, required: location === 'path' || required.has(name), schema: property });
    }
  }
  for (const header of route.headers) {
    const schema = requestJsonSchema(header.schema);
    list.push({ name: header.name, in: 'header', required: false, description: header.description, schema });
  }
  // A path segment no validator describes is still a parameter of the path.
  for (const [, name] of route.path.matchAll(/:(\w+)/g)) {
    if (!list.some((p) => p.in === 'path' && p.name === name))
      list.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  }
  return list;
}

function requestBody(route: RouteDescription): Json | undefined {
  const json = route.validators.find((x) => x.target === 'json');
  if (json) return { required: true, content: { 'application/json': { schema: requestJsonSchema(json.schema) } } };
  if (route.upload) {
    const { field, mediaTypes } = route.upload;
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { [field]: { type: 'string', contentMediaType: 'application/octet-stream' } },
            required: [field],
          },
          encoding: { [field]: { contentType: mediaTypes.join(', ') } },
        },
      },
    };
  }
  return undefined;
}

type Answer = Extract<RouteMeta, { kind: 'answer' }>;

function answerContent(answer: Answer): Json | undefined {
  if (answer.body === 'json') return { 'application/json': { schema: answerJsonSchema(answer.schema) } };
  if (answer.body === 'file') return Object.fromEntries(answer.mediaTypes.map((type) => [type, {}]));
  return undefined;
}

function answerDescription(answer: Answer): string {
  if (answer.description) return answer.description;
  if (answer.body === 'json') {
    const name = shapeName(answer.schema);
    if (name) return name;
    const items = (answer.schema as { type: string; item?: v.GenericSchema }).item;
    const itemName = items && shapeName(items);
    if (itemName) return `A list of ${itemName}`;
  }
  return answer.body === 'file' ? answer.mediaTypes.join(' or ') : 'OK';
}

const ERROR = { $ref: '#/components/responses/Error' };

/** A hotel or merchant token's renewal, on any answer to a signed-in request (docs/SECURITY.md "Sessions"). */
const REFRESHED_TOKEN = {
  [REFRESHED_TOKEN_HEADER]: {
    description:
      'A fresh token for the same session, sent to a hotel or merchant token older than a day while its session is ' +
      'live: use it from now on (the 7-day session slides with use). Never sent to the back office.',
    schema: { type: 'string' },
  },
};

function responses(route: RouteDescription): Json {
  const out: Json = {};
  for (const answer of route.answers) {
    const content = answerContent(answer);
    const listed = answer.headers
      ? Object.fromEntries(
          Object.entries(answer.headers).map(([name, description]) => [
            name,
            { description, schema: { type: 'string' } },
          ]),
        )
      : undefined;
    const headers = route.roles && answer.status < 300 ? { ...listed, ...REFRESHED_TOKEN } : listed;
    out[String(answer.status)] = {
      description: answerDescription(answer),
      ...(headers ? { headers } : {}),
      ...(content ? { content } : {}),
    };
  }
  if (route.roles) {
    out['401'] = {
      ...ERROR,
      description:
        'No login, or its session has ended; "Signed out after inactivity" or "Your session has ended. Sign in ' +
        'again." when it ran out',
    };
    out['403'] = { ...ERROR, description: "The login's role may not do this" };
  }
  if (route.validators.length) out['422'] = { ...ERROR, description: 'Invalid input: the message names the field' };
  out['4XX'] = { ...ERROR, description: 'Refused: 404 not found (or not yours), 409 conflict, 413, 415, 429...' };
  out['5XX'] = { ...ERROR, description: '503: the database is not available' };
  return out;
}

/** `x-roles` of a public route: no login needed, a token is read when sent. */
export const ANYONE = 'anyone';

function operation(route: RouteDescription): Json {
  const params = parameters(route);
  const body = requestBody(route);
  return {
    operationId: operationId(route.method, route.path),
    tags: [tagOf(route.path)],
    'x-roles': route.roles ? [...route.roles] : [ANYONE],
    security: route.roles ? [{ bearer: [] }] : [{}, { bearer: [] }],
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(route),
  };
}

/** The whole document for the API routes among `routes` (an app's `app.routes`). */
export function openApiDocument(routes: readonly RouterRoute[]): v.InferOutput<typeof OpenApiAnswer> {
  const described = describeRoutes(routes);
  const paths: Record<string, Json> = {};
  for (const route of described) {
    const path = openApiPath(route.path);
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route);
  }
  const tags = [...new Set(described.map((route) => tagOf(route.path)))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'StayPerks API',
      version: packageJson.version,
      description:
        'Every call of the StayPerks server. Each operation lists the roles that may call it (x-roles; "anyone" ' +
        'needs no login) and takes a bearer token from POST /api/auth/login. Errors are always {"detail": "..."}.',
    },
    servers: [{ url: '/' }],
    tags,
    paths,
    components: {
      schemas: toJsonSchemaDefs(namedShapes(), { ...CONVERSION, typeMode: 'output', overrideRef: componentRef }),
      responses: {
        Error: { description: 'An error', content: { 'application/json': { schema: answerJsonSchema(ErrorAnswer) } } },
      },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
