import { Validator } from '@seriousme/openapi-schema-validator';
import { toJsonSchema } from '@valibot/to-json-schema';
import { Hono } from 'hono';
import type { RouterRoute } from 'hono/types';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../src/shared/permissions';
import { IntIdParam } from '../../src/shared/schemas/common';
import type { AppEnv } from '../../src/server/platform/context';
import { requireRole } from '../../src/server/platform/middleware/require-role';
import { validate } from '../../src/server/platform/middleware/validate';
import { answers } from '../../src/server/platform/openapi/describe';
import { ANYONE, openApiDocument, openApiPath } from '../../src/server/platform/openapi/document';
import { describeRoutes } from '../../src/server/platform/openapi/routes';
import { useTestContext } from '../support';
import { CALLERS, MATRIX, type MatrixCaller } from './authorization-matrix.table';

/**
 * GET /api/openapi.json (docs/DEVELOPING.md "API conventions"): every route the server registers is in the document
 * with its method, its roles (as the authorization matrix finds them, not as the route says) and, for each of its
 * validators, the JSON Schema of that validator's valibot schema; every route describes a success answer; and the
 * document is valid OpenAPI 3.1.
 */

const ctx = useTestContext();

type Json = Record<string, any>;

/** The route keys the authorization matrix walks: every endpoint, not the `ALL .../*` middleware. */
const endpoints = (routes: readonly RouterRoute[]) => [
  ...new Set(
    routes
      .filter((r) => r.path.startsWith('/api/') && !(r.method === 'ALL' && r.path.endsWith('*')))
      .map((r) => `${r.method} ${r.path}`),
  ),
];

/** What the client sends, as JSON Schema: the conversion the document promises (document.ts). */
const sent = (schema: v.GenericSchema) => {
  const { $schema: _, ...json } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode: 'input',
    errorMode: 'ignore',
  });
  return json;
};

const ROLE_OF: Record<MatrixCaller, Role | typeof ANYONE> = {
  anonymous: ANYONE,
  superadmin: 'superadmin',
  admin: 'admin',
  manager: 'manager',
  hotel: 'hotel',
  merchantA: 'merchant',
  merchantB: 'merchant',
  supervisorA: 'supervisor',
  cashierA: 'cashier',
};

/** The roles the authorization matrix lets through (any answer but 401 and 403), or `anyone` without a login. */
function matrixRoles(key: string): string[] | undefined {
  const entry = MATRIX[key];
  if (!entry) return undefined;
  const allowed = CALLERS.filter((caller) => entry.expect[caller] !== 401 && entry.expect[caller] !== 403);
  if (allowed.includes('anonymous')) return [ANYONE];
  return [...new Set(allowed.map((caller) => ROLE_OF[caller]))].sort();
}

/** Everything the document gets wrong or leaves out about `routes`, one line each, naming the route. */
function documentProblems(routes: readonly RouterRoute[], doc: Json, roles?: (key: string) => string[] | undefined) {
  const problems: string[] = [];
  const described = new Map(describeRoutes(routes).map((route) => [`${route.method} ${route.path}`, route]));
  for (const key of endpoints(routes)) {
    const route = described.get(key)!;
    const operation = doc.paths?.[openApiPath(route.path)]?.[route.method.toLowerCase()] as Json | undefined;
    if (!operation) {
      problems.push(`${key}: not in the document`);
      continue;
    }
    const expected = roles?.(key);
    if (expected && JSON.stringify([...operation['x-roles']].sort()) !== JSON.stringify(expected))
      problems.push(`${key}: x-roles ${operation['x-roles'].join(', ')}, the matrix lets ${expected.join(', ')} in`);
    if (!route.answers.some((answer) => answer.status < 300))
      problems.push(`${key}: no answer described (answers(...) or answersFile(...) beside its handler)`);
    if (!Object.keys(operation.responses ?? {}).some((status) => /^2\d\d$/.test(status)))
      problems.push(`${key}: no success answer in the document`);
    for (const { target, schema } of route.validators) {
      const json = sent(schema);
      if (target === 'json') {
        if (!isEqual(operation.requestBody?.content?.['application/json']?.schema, json))
          problems.push(`${key}: its JSON body differs from its validator's schema`);
        continue;
      }
      const where = { param: 'path', query: 'query', header: 'header' }[target as 'param' | 'query' | 'header'];
      const documented = ((operation.parameters ?? []) as Json[]).filter((p) => p.in === where);
      const properties = (json.properties ?? {}) as Json;
      const required = new Set(json.required ?? []);
      const mismatched = Object.entries(properties).filter(([name, property]) => {
        const parameter = documented.find((p) => p.name === name);
        return (
          !parameter ||
          !isEqual(parameter.schema, property) ||
          parameter.required !== (where === 'path' || required.has(name))
        );
      });
      const extra = documented.filter((p) => !(p.name in properties));
      if (mismatched.length || extra.length)
        problems.push(
          `${key}: its ${where} parameters differ from its validator's schema (${[...mismatched.map(([n]) => n), ...extra.map((p) => p.name)].join(', ')})`,
        );
    }
  }
  return problems;
}

const isEqual = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

describe('GET /api/openapi.json', () => {
  it('is public, cacheable, and describes every route with its roles, inputs and answers', async () => {
    const res = await ctx.request('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('application/json');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=300');
    const again = await ctx.request('GET', '/api/openapi.json', {
      headers: { 'If-None-Match': res.headers.get('ETag')! },
    });
    expect(again.status).toBe(304);

    expect(documentProblems(ctx.app.routes, res.body, matrixRoles)).toEqual([]);
  });

  it('is valid OpenAPI 3.1', async () => {
    const doc = (await ctx.request('GET', '/api/openapi.json')).body;
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('gives each answer its media type and each shape a name', async () => {
    const doc = (await ctx.request('GET', '/api/openapi.json')).body;
    const content = (path: string, method = 'get', status = '200') =>
      Object.keys(doc.paths[path][method].responses[status].content);
    expect(content('/api/hotels/export')).toEqual(['text/csv']);
    expect(content('/api/coupons/{id}/download')).toEqual(['application/pdf']);
    expect(content('/api/hotels/{id}/room-cards.pdf')).toEqual(['application/pdf']);
    expect(content('/api/files/{folder}/{name}')).toContain('image/png');
    expect(Object.keys(doc.paths['/api/hotels/upload-logo'].post.requestBody.content)).toEqual(['multipart/form-data']);
    expect(doc.paths['/api/locations'].get.responses['200'].content['application/json'].schema).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Location' },
    });
    expect(doc.components.schemas.Location).toEqual({
      type: 'object',
      properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        default_language: { type: 'string', enum: ['en', 'hi', 'ta', 'te', 'kn', 'ml', 'bn', 'mr'] },
      },
      required: ['id', 'name', 'default_language'],
      additionalProperties: false,
    });
    expect(doc.paths['/api/locations'].get['x-roles']).toEqual(['superadmin', 'admin', 'manager']);
    expect(doc.paths['/api/locations'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/merchant-types'].get['x-roles']).toEqual([ANYONE]);
  });
});

describe('the document check', () => {
  // A route of its own, so the check is seen failing where it should (and naming the route).
  const Query = v.object({ location_id: v.optional(v.string()) });
  const checks = [requireRole('backOffice'), validate('param', IntIdParam), validate('query', Query)] as const;
  const app = (withAnswer: boolean) => {
    const api = new Hono<AppEnv>().basePath('/api');
    return withAnswer
      ? api.get('/things/:id', answers(v.array(v.string())), ...checks, (c) => c.json([]))
      : api.get('/things/:id', ...checks, (c) => c.json([]));
  };

  it('passes a described route', () => {
    const routes = app(true).routes;
    expect(documentProblems(routes, openApiDocument(routes))).toEqual([]);
  });

  it('names a route without an answer, and one whose document differs from its validators', () => {
    const routes = app(false).routes;
    expect(documentProblems(routes, openApiDocument(routes))).toEqual([
      'GET /api/things/:id: no answer described (answers(...) or answersFile(...) beside its handler)',
      'GET /api/things/:id: no success answer in the document',
    ]);
    const doc: Json = openApiDocument(app(true).routes);
    doc.paths['/api/things/{id}'].get.parameters[1].schema = { type: 'integer' };
    expect(documentProblems(routes, doc)).toContain(
      "GET /api/things/:id: its query parameters differ from its validator's schema (location_id)",
    );
  });
});
