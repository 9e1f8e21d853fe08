/**
 * The API's JSON shapes under the names the web app uses: all of them are in api-types.ts (the one file of
 * src/shared that takes types from the server); this name stays for the imports that use it.
 */
export type * from './api-types';
