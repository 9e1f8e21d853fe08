import { afterAll, beforeAll } from 'vitest';
import { createTestContext, type TestContext, type TestContextOptions } from './harness';

/** One token for each kind of caller (a fresh login each), for role checks. */
export type RoleTokens = Awaited<ReturnType<TestContext['tokensByRole']>>;

/**
 * The test file's context, with its own hooks: a fresh database and app made in `beforeAll`, closed in `afterAll`.
 * Call it once at the top of the file; the returned context works in every hook and test registered after it.
 *
 *   const ctx = useTestContext();
 *   const tokens = useRoleTokens(ctx); // tokens.superadmin, tokens.manager, …
 */
export function useTestContext(options: TestContextOptions = {}): TestContext {
  let current: TestContext | undefined;
  beforeAll(async () => {
    current = await createTestContext(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  return lateBound(() => current, 'useTestContext');
}

/** One login of each role (superadmin, admin, manager, hotel, merchant) on `ctx`, made in the next `beforeAll`. */
export function useRoleTokens(ctx: TestContext): RoleTokens {
  let tokens: RoleTokens | undefined;
  beforeAll(async () => {
    tokens = await ctx.tokensByRole();
  });
  return lateBound(() => tokens, 'useRoleTokens');
}

/**
 * Stands for a value made later in a hook; reading it before then is a mistake in the test file, said plainly.
 * Its keys are the value's too, so `Object.values(tokens)` walks the real tokens.
 */
export function lateBound<T extends object>(get: () => T | undefined, name: string): T {
  const made = () => {
    const value = get();
    if (value === undefined) throw new Error(`${name}(): made in beforeAll, so use it inside hooks and tests`);
    return value;
  };
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(made(), key) as unknown,
    ownKeys: () => Reflect.ownKeys(made()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(made(), key);
      // A proxy may only report a property its (empty) target lacks as configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
