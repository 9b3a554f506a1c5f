import type { StaffRole } from '#shared/constants.js';

/**
 * The demo workspace's people: the master admin of the platform company and one account per
 * role at Summit Freight Lines, all with the same public password (so never in production).
 */

export const DEMO_PASSWORD = 'haulwise-demo';

export interface DemoAccount {
  label: string;
  email: string;
  firstName: string;
  lastName: string;
  role: StaffRole | null;
  phone: string;
}

export const DEMO_COMPANY = 'Summit Freight Lines';
export const PLATFORM_COMPANY = 'Haulwise Platform';

export const MASTER_ADMIN: DemoAccount = {
  label: 'Master admin',
  email: 'owner@haulwise.demo',
  firstName: 'Morgan',
  lastName: 'Reyes',
  role: 'admin',
  phone: '+1 555 010 0001',
};

export const COMPANY_ACCOUNTS: DemoAccount[] = [
  { label: 'Admin', email: 'admin@summit.demo', firstName: 'Avery', lastName: 'Collins', role: 'admin', phone: '+1 555 010 0101' },
  {
    label: 'Dispatcher',
    email: 'dispatch@summit.demo',
    firstName: 'Dana',
    lastName: 'Whitfield',
    role: 'dispatcher',
    phone: '+1 555 010 0102',
  },
  { label: 'Sales agent', email: 'sales@summit.demo', firstName: 'Sam', lastName: 'Okafor', role: 'sales', phone: '+1 555 010 0103' },
  {
    label: 'Treasury',
    email: 'treasury@summit.demo',
    firstName: 'Tara',
    lastName: 'Lindqvist',
    role: 'treasury',
    phone: '+1 555 010 0104',
  },
  { label: 'Driver', email: 'driver@summit.demo', firstName: 'Diego', lastName: 'Martinez', role: null, phone: '+1 555 010 0105' },
];

export const DEMO_ACCOUNTS: DemoAccount[] = [MASTER_ADMIN, ...COMPANY_ACCOUNTS];
