import { randomInt } from 'node:crypto';
import { VOUCHER_CODE_ALPHABET, VOUCHER_CODE_LENGTH } from '../../../shared/constants';

/** A random voucher code; uniqueness is the database's unique index (callers retry on collision). */
export function generateVoucherCode(): string {
  let code = '';
  for (let i = 0; i < VOUCHER_CODE_LENGTH; i++) code += VOUCHER_CODE_ALPHABET[randomInt(VOUCHER_CODE_ALPHABET.length)];
  return code;
}
