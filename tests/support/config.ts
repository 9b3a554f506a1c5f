import { loadConfig, type Config } from '../../server/src/config.js';

export const TEST_APP_DB_PASSWORD = 'haulwise-app-test';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    APP_DB_PASSWORD: TEST_APP_DB_PASSWORD,
    HAULWISE_DATA_DIR: '.data/test',
    CONTACT_INBOX: 'inbox@haulwise.test',
    PLATFORM_ADMIN_EMAILS: 'platform-owner@haulwise.test',
    ...overrides,
  });
}
