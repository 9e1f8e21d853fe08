import type { RouterRoute } from 'hono/types';
import type * as v from 'valibot';
import { rolesWith, type Permission, type Role } from '../../../shared/permissions';
import { handlerMeta, type RequestTarget, type RouteMeta } from './describe';

type AnswerMeta = Extract<RouteMeta, { kind: 'answer' }>;

/** One endpoint of the API as its handlers describe it (describe.ts). */
export interface RouteDescription {
  method: string;
  /** As Hono writes it: /api/hotels/:id. */
  path: string;
  /** The permissions its role checks ask for, in order; none for a public route. */
  permissions: Permission[];
  /** The roles that pass every one of them; undefined for a public route (no login needed). */
  roles: readonly Role[] | undefined;
  validators: { target: RequestTarget; schema: v.GenericSchema }[];
  headers: Extract<RouteMeta, { kind: 'header' }>[];
  upload: Extract<RouteMeta, { kind: 'upload' }> | undefined;
  answers: AnswerMeta[];
}

/** A middleware's path ending in `*` covers the path itself and everything under it (Hono's matching). */
function covers(pattern: string, path: string): boolean {
  if (!pattern.endsWith('*')) return pattern === path;
  const prefix = pattern.slice(0, -1).replace(/\/$/, '');
  return path === prefix || path.startsWith(`${prefix}/`) || prefix === '';
}

const isMiddleware = (route: RouterRoute) => route.method === 'ALL' && route.path.endsWith('*');

/**
 * Every endpoint under `prefix` in `routes` (an app's `app.routes`, in the order they were added), with what its
 * handlers say. A middleware counts for an endpoint when it was added before the endpoint's handler and its path
 * covers the endpoint's: that is when it runs (`.use('*', requireRole(...))` before a folder's routes).
 */
export function describeRoutes(routes: readonly RouterRoute[], prefix = '/api'): RouteDescription[] {
  const endpoints = new Map<string, { method: string; path: string; last: number }>();
  routes.forEach((route, index) => {
    if (isMiddleware(route) || !covers(`${prefix}/*`, route.path)) return;
    const key = `${route.method} ${route.path}`;
    endpoints.set(key, { method: route.method, path: route.path, last: index });
  });
  return [...endpoints.values()].map(({ method, path, last }) => {
    const meta = routes
      .slice(0, last + 1)
      .filter((r) => (r.method === method && r.path === path) || (isMiddleware(r) && covers(r.path, path)))
      .flatMap((r) => handlerMeta(r.handler));
    const permissions = meta.flatMap((m) => (m.kind === 'role' ? [m.permission] : []));
    return {
      method,
      path,
      permissions,
      roles: permissions.length
        ? permissions.map(rolesWith).reduce((all, roles) => all.filter((role) => roles.includes(role)))
        : undefined,
      validators: meta.flatMap((m) => (m.kind === 'validate' ? [{ target: m.target, schema: m.schema }] : [])),
      headers: meta.filter((m) => m.kind === 'header'),
      upload: meta.find((m) => m.kind === 'upload'),
      answers: meta.filter((m) => m.kind === 'answer'),
    };
  });
}
