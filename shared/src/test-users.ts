import type { StaffRole } from './constants.js';

/**
 * The accounts the master admin's "seed test users" action creates: the spec's 8 test users
 * across 2 companies (5 and 3), every role represented, all with one shared, known password.
 * Shared by the admin domain's seed (server/src/domains/admin/test-users.ts) and the console's confirmation,
 * and named in the README; they are only ever created by a master admin pressing that button.
 */
export const TEST_USER_PASSWORD = 'haulwise-test';

export interface TestUserAccount {
  email: string;
  firstName: string;
  lastName: string;
  /** null: a driver, who has no staff role. */
  role: StaffRole | null;
}

export interface TestUserCompany {
  name: string;
  /** The first account is the company's admin: it signs the company up. */
  accounts: readonly [TestUserAccount, ...TestUserAccount[]];
}

export const TEST_USER_COMPANIES: readonly TestUserCompany[] = [
  {
    name: 'Test Freight Co',
    accounts: [
      { email: 'admin@testfreight.example', firstName: 'Alex', lastName: 'Admin', role: 'admin' },
      { email: 'dispatcher@testfreight.example', firstName: 'Dakota', lastName: 'Dispatch', role: 'dispatcher' },
      { email: 'sales@testfreight.example', firstName: 'Sydney', lastName: 'Sales', role: 'sales' },
      { email: 'treasury@testfreight.example', firstName: 'Taylor', lastName: 'Treasury', role: 'treasury' },
      { email: 'driver@testfreight.example', firstName: 'Drew', lastName: 'Driver', role: null },
    ],
  },
  {
    name: 'Test Logistics Co',
    accounts: [
      { email: 'admin@testlogistics.example', firstName: 'Avery', lastName: 'Admin', role: 'admin' },
      { email: 'dispatcher@testlogistics.example', firstName: 'Devon', lastName: 'Dispatch', role: 'dispatcher' },
      { email: 'treasury@testlogistics.example', firstName: 'Tatum', lastName: 'Treasury', role: 'treasury' },
    ],
  },
];

/** All 8 accounts, in the order they are created. */
export const TEST_USERS: readonly TestUserAccount[] = TEST_USER_COMPANIES.flatMap((company) => company.accounts);
