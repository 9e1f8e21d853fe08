import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from '../../scripts/build-server.mjs';

/** The V8 flags `npm start` and the benchmark's server run the bundle with (scripts/build-server.mjs). */
describe('serverNodeFlags', () => {
  it('gives PostgreSQL 64 MB semi-spaces and PGlite a 192 MB heap budget', () => {
    expect(serverNodeFlags('postgres://db/stayperks')).toEqual(['--max-semi-space-size=64']);
    expect(serverNodeFlags(undefined)).toEqual(['--max-old-space-size=192']);
    expect(serverNodeFlags('')).toEqual(['--max-old-space-size=192']);
  });

  it("keeps the operator's own setting in NODE_OPTIONS", () => {
    expect(serverNodeFlags('postgres://db/stayperks', '--max-semi-space-size=16')).toEqual([]);
    expect(serverNodeFlags(undefined, '--max-old-space-size=512')).toEqual([]);
    // A flag for the other database does not count.
    expect(serverNodeFlags('postgres://db/stayperks', '--max-old-space-size=512')).toEqual([
      '--max-semi-space-size=64',
    ]);
  });
});
