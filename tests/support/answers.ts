import { expect } from 'vitest';
import type { TestResponse } from './harness';

/**
 * Checks on an API answer. Every error is JSON {"detail": "..."} (docs/DEVELOPING.md, "API conventions").
 * `label` names the case when one test checks several.
 */

/** The status and the whole JSON body. */
export function expectAnswer(res: TestResponse, status: number, body: unknown, label?: string): void {
  expect(res.status, label ?? res.text).toBe(status);
  expect(res.body, label).toEqual(body);
}

/** `status` with a JSON detail (every refusal has one, some successes too) whose text this check leaves open. */
export function expectDetail(res: TestResponse, status: number, label?: string): void {
  expect(res.status, label ?? res.text).toBe(status);
  expect(res.body.detail, label).toEqual(expect.any(String));
}
