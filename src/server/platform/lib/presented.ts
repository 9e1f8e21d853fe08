/**
 * The JSON a presenter answers, as the web app receives it: `Presented<typeof presentX>`. The web imports these
 * types (type-only, through src/shared/api-types.ts) instead of restating the shapes, so a presenter that changes a
 * field changes the web's type with it. A presenter answering what JSON cannot carry as is (a Date arrives as a
 * string, undefined and functions vanish) fails to compile here: convert it in the presenter (`toISOString()`).
 */
export type Presented<F extends (...args: never[]) => JsonSafe<ReturnType<F>>> = ReturnType<F>;

/** T with every part JSON would change turned into never (so T is assignable to it only when T has none). */
type JsonSafe<T> = T extends Date | undefined | bigint | symbol | ((...args: never[]) => unknown)
  ? never
  : T extends readonly (infer E)[]
    ? readonly JsonSafe<E>[]
    : T extends object
      ? { [K in keyof T]: JsonSafe<T[K]> }
      : T;
