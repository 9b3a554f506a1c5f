/**
 * The admin console's test users are the admin domain's (server/src/domains/admin/test-users.ts);
 * this name stays for tests/e2e/admin.spec.ts, which reads the messages from here. seed/ sits
 * above the domains, so it may point down at them.
 */
export { TEST_USER_MESSAGES } from '../domains/admin/test-users.js';
