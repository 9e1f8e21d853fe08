import { vValidator } from '@hono/valibot-validator';
import type { ValidationTargets } from 'hono';
import * as v from 'valibot';

/**
 * Validates a request part with a shared valibot schema before the handler runs.
 * Bad input answers 422 {"detail"} with the schema's message (which names the field).
 */
export function validate<T extends v.GenericSchema, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return vValidator(target, schema, (result, c) => {
    if (result.success) return;
    const issue = result.issues[0];
    const path = v.getDotPath(issue);
    const generic = issue.message.startsWith('Invalid ');
    return c.json({ detail: generic && path ? `${path}: ${issue.message}` : issue.message }, 422);
  });
}
