import { admission, type Access, type Grant, type Refusal } from '#shared/permissions.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { VERIFICATION_TEXTS } from '#shared/schemas/verification.js';
import type { AppErrorCode } from '../errors.js';

export const NOT_AUTHENTICATED = 'Not authenticated';
export const FORBIDDEN_TEXT = 'You do not have permission to do this';

/** Each refusal as a procedure (its code) and a plain HTTP route (its status) answer it, with the same message. */
export const REFUSALS: Record<Refusal, { code: AppErrorCode; status: 401 | 403; message: string }> = {
  unauthenticated: { code: 'UNAUTHORIZED', status: 401, message: NOT_AUTHENTICATED },
  unverified: { code: 'FORBIDDEN', status: 403, message: VERIFICATION_TEXTS.required },
  forbidden: { code: 'FORBIDDEN', status: 403, message: FORBIDDEN_TEXT },
};

export type Admitted = { grant: Grant | 'public' } | { refusal: (typeof REFUSALS)[Refusal] };

/**
 * The one guard, in one place: whether this session may make a call that asks `access`, decided
 * by the permission table (shared/src/permissions.ts, admission). Every procedure's guard
 * (procedures.ts, `permitted`) and every plain HTTP route's (http-access.ts) call it; neither
 * checks a session, an address or a role any other way.
 */
export function admit(session: SessionOutput | null, access: Access): Admitted {
  const decided = admission(session, access);
  return 'refusal' in decided ? { refusal: REFUSALS[decided.refusal] } : decided;
}
