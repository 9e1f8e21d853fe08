import type { VerificationPurpose } from '../../../../shared/schemas/verification';
import { VERIFICATION_HEADER } from '../../../../shared/schemas/my-data';
import { api } from '../../../lib/api';

/** What a code proves: the number, the purpose and (for a claim or a recovery) the hotel (docs/PRODUCT.md "Guest trust"). */
export interface CodeFor {
  mobile: string;
  purpose: VerificationPurpose;
  hotelId?: string;
}

const body = ({ mobile, purpose, hotelId }: CodeFor) => ({ mobile_number: mobile, purpose, hotel_id: hotelId });

export const requestCode = (to: CodeFor) => api.guest.post('/verification/request', { json: body(to) });

export const verifyCode = (to: CodeFor, code: string) =>
  api.guest.post('/verification/verify', { json: { ...body(to), code } });

/** Vouchers back on another phone: the stay's scan and vouchers, as the submission answered them. */
export const recoverStay = (hotelId: string, mobile: string, token: string) =>
  api.guest.post('/customer-scans/recover', {
    json: { hotel_id: hotelId, mobile_number: mobile, verification_token: token },
  });

/** My data's calls carry the token in a header (docs/PRIVACY.md "My data"). */
const proof = (token: string) => ({ headers: { [VERIFICATION_HEADER]: token } });

export const myData = {
  read: (token: string) => api.guest.get('/my-data', proof(token)),
  export: (token: string) => api.guest.get('/my-data/export', proof(token)),
  correctName: (token: string, name: string) =>
    api.guest.put('/my-data/name', { json: { customer_name: name }, ...proof(token) }),
  withdrawMarketing: (token: string) => api.guest.post('/my-data/marketing-withdraw', proof(token)),
  stopReminders: (token: string) => api.guest.post('/my-data/reminders-stop', proof(token)),
  erase: (token: string) => api.guest.post('/my-data/erase', proof(token)),
};
