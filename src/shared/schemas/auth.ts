import * as v from 'valibot';
import { safeText } from './text';

export const LoginSchema = v.object({
  username: v.pipe(
    v.string('Username is required'),
    safeText('Username'),
    v.trim(),
    v.nonEmpty('Username is required'),
    v.maxLength(100, 'Username is too long'),
  ),
  password: v.pipe(
    v.string('Password is required'),
    v.nonEmpty('Password is required'),
    safeText('Password'),
    v.maxLength(200, 'Password is too long'),
  ),
});
export type LoginInput = v.InferOutput<typeof LoginSchema>;
