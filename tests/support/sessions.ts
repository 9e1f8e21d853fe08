/** The device session a token names (its `sid` claim, docs/SECURITY.md "Sessions"). */
export const sessionIdOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
