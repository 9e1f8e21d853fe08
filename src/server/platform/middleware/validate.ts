import { vValidator } from '@hono/valibot-validator';
import type { ValidationTargets } from 'hono';
import * as v from 'valibot';
import { describeHandler } from '../openapi/describe';

/**
 * Validates a request part with a shared valibot schema before the handler runs.
 * Bad input answers 422 {"detail"} with the schema's message (which names the field). The middleware carries its
 * target and schema, which the API description reads (platform/openapi/describe.ts).
 */
export function validate<T extends v.GenericSchema, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  const validator = vValidator(target, schema, (result, c) => {
    if (result.success) return;
    const issue = result.issues[0];
    const path = v.getDotPath(issue);
    // A JSON array, number, string or null where an object belongs: say so rather than "Expected Object".
    if (target === 'json' && !issue.path?.length && issue.kind === 'schema') {
      return c.json({ detail: 'The request body must be a JSON object' }, 422);
    }
    const message = missingKeyMessage(schema, issue) ?? issue.message;
    const generic = message.startsWith('Invalid ');
    return c.json({ detail: generic && path ? `${path}: ${message}` : message }, 422);
  });
  return describeHandler(validator, { kind: 'validate', target, schema });
}

/**
 * valibot reports an absent key as `Invalid key: Expected "name" but received undefined`, not with the field's
 * own message. Run the field's schema on undefined instead, so {} gets "Location name is required" like {name: ""}.
 */
function missingKeyMessage(schema: v.GenericSchema, issue: v.BaseIssue<unknown>): string | undefined {
  const items = issue.path;
  if (!items?.length || (items[items.length - 1] as { origin?: string }).origin !== 'key') return undefined;
  let field: v.GenericSchema | undefined = schema;
  for (const item of items) {
    const entries: Record<string, v.GenericSchema> | undefined = (
      field as { entries?: Record<string, v.GenericSchema> }
    ).entries;
    if (item.type !== 'object' || !entries) return undefined;
    field = entries[item.key];
    if (!field) return undefined;
  }
  const result = v.safeParse(field, undefined);
  return result.success ? undefined : result.issues[0].message;
}
