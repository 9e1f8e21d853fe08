/**
 * Marks a small JSON answer of a busy call to be sent as it is: the app-wide compress() streams every JSON answer
 * without a length through a CompressionStream, whatever its size, and for an answer of a few hundred bytes to a few
 * KB (which fits a connection's first flight either way) that costs the server more than the bytes save the phone
 * (README "Performance", rounds 9 and 15). `no-transform` makes compress() leave it alone; `no-store` is what every
 * API answer carries.
 */
export function sendUncompressed(c: { header(name: string, value: string): void }): void {
  c.header('Cache-Control', 'no-store, no-transform');
}
