/**
 * Moved to ./fields.ts (the one set of field builders). Kept only while files still import from
 * here; import from ./fields.js instead, and delete this file once nothing does.
 */
export { EMAIL_MAX, PHONE_MAX } from './fields.js';
