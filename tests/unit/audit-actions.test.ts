import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AuditEventInput, recordCreate } from '../../src/server/modules/audit/audit.service';
import {
  AUDIT_ACTION_GROUPS,
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_ENTITY_LABELS,
} from '../../src/shared/audit-actions';

/**
 * The audit actions are one shared list (src/shared/audit-actions.ts): the server records only its actions (a type
 * error otherwise, checked by `npm run typecheck` below), and Settings › Activity takes its labels and Action filter
 * entries from it.
 */

// Type-level: an action or an entity missing from the list cannot be recorded.
// @ts-expect-error 'coupon.lost' is not a listed action
export const unlistedAction: AuditEventInput = { action: 'coupon.lost' };
// @ts-expect-error 'nowhere' is not a listed entity
export const unlistedEntity: AuditEventInput = { action: 'hotel.update', entity: 'nowhere' };
// @ts-expect-error contact details are saved, never created: there is no 'contact_info.create'
export const unlistedCreate: Parameters<typeof recordCreate>[2] = 'contact_info';

/** The text of every TypeScript file of the server. */
function serverSources(): string[] {
  const root = join(import.meta.dirname, '../../src/server');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => readFileSync(join(root, file), 'utf8'));
}

/** The action names the server's source records: literal `action: '...'` and `record<Verb>(db, audit, '<entity>'`. */
function actionsInServerSource(): Set<string> {
  const found = new Set<string>();
  for (const text of serverSources()) {
    for (const match of text.matchAll(/\baction: '([a-z_.]+)'/g)) found.add(match[1]!);
    for (const match of text.matchAll(/\brecord(Create|Update|Delete|Archive)\(\s*\w+,\s*\w+,\s*'([a-z_]+)'/g))
      found.add(`${match[2]}.${match[1]!.toLowerCase()}`);
  }
  return found;
}

describe('audit actions', () => {
  it('every action the server records is listed, and every listed action is recorded somewhere', () => {
    const recorded = actionsInServerSource();
    // The scan finds the calls at all (a changed call shape would otherwise pass silently).
    expect(recorded).toContain('coupon.undo');
    expect(recorded).toContain('merchant_type.create');
    expect([...recorded].sort()).toEqual([...AUDIT_ACTIONS].sort());
  });

  it('each action has a label and one entry in one filter group; labels tell actions apart', () => {
    const entries = AUDIT_ACTION_GROUPS.flatMap((group) => Object.keys(group.actions));
    expect(entries).toHaveLength(new Set(entries).size);
    expect([...entries].sort()).toEqual([...AUDIT_ACTIONS].sort());
    for (const action of AUDIT_ACTIONS) {
      expect(AUDIT_ACTION_LABELS[action], action).toMatch(/\S/);
      expect(AUDIT_ACTION_LABELS[action], action).not.toContain(action);
    }
    const labels = Object.values(AUDIT_ACTION_LABELS);
    expect(labels).toHaveLength(new Set(labels).size);
    for (const group of AUDIT_ACTION_GROUPS) expect(Object.keys(group.actions).length, group.label).toBeGreaterThan(0);
  });

  it('names are dotted lower-case words (the redemption writes its action into SQL as a literal)', () => {
    for (const action of AUDIT_ACTIONS) expect(action).toMatch(/^[a-z_]+(\.[a-z_]+)?$/);
  });

  it('the undo and the bill amount have their labels (they showed as raw keys)', () => {
    expect(AUDIT_ACTION_LABELS['coupon.undo']).toBe('Redemption undone');
    expect(AUDIT_ACTION_LABELS['coupon.bill_amount']).toBe('Bill amount saved');
  });

  it('each entity an action is about has a label', () => {
    for (const entity of AUDIT_ENTITIES) expect(AUDIT_ENTITY_LABELS[entity], entity).toMatch(/\S/);
    const inSource = serverSources().flatMap((text) => [...text.matchAll(/\bentity: '([a-z_]+)'/g)].map((m) => m[1]));
    expect(inSource).toContain('customer_scan');
    for (const entity of inSource) expect(AUDIT_ENTITIES, entity).toContain(entity);
  });
});
