/** Types of scripts/build-server.mjs, for the TypeScript scripts and tests that use it. */
export const SERVER_BUNDLE: string;
export function serverBundleStale(outfile?: string): boolean;
export function buildServer(outfile?: string): Promise<void>;
export function serverNodeFlags(databaseUrl: string | undefined, nodeOptions?: string): string[];
