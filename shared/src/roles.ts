import type { StaffRole } from './constants.js';

/** What the client and server both know about who is signed in. */
export interface SessionIdentity {
  role: StaffRole | null;
  isMasterAdmin: boolean;
  hasDriverRecord: boolean;
}

export type AppPath =
  | '/dashboard'
  | '/master-admin'
  | '/admin-dashboard'
  | '/sales-dashboard'
  | '/dispatch-dashboard'
  | '/treasury-dashboard'
  | '/team'
  | '/companies'
  | '/audit-logs'
  | '/fleet-map'
  | '/loads'
  | '/drivers'
  | '/brokers'
  | '/carriers'
  | '/documents'
  | '/invoices'
  | '/analytics'
  | '/messages'
  | '/settings'
  | '/driver-portal'
  | '/carrier-portal';

/** The spec's role guard: where anyone who may not enter a guarded route is sent. */
export function homePathFor(identity: Pick<SessionIdentity, 'role' | 'isMasterAdmin'>): AppPath {
  if (identity.isMasterAdmin) return '/master-admin';
  switch (identity.role) {
    case 'admin':
      return '/admin-dashboard';
    case 'sales':
      return '/sales-dashboard';
    case 'dispatcher':
      return '/dispatch-dashboard';
    case 'treasury':
      return '/treasury-dashboard';
    default:
      return '/driver-portal';
  }
}

/** The spec's role guard: a master admin always passes; otherwise the role must be listed. */
export function canEnter(
  identity: Pick<SessionIdentity, 'role' | 'isMasterAdmin'>,
  allowed: readonly StaffRole[] | 'master_admin',
): boolean {
  if (identity.isMasterAdmin) return true;
  if (allowed === 'master_admin') return false;
  return identity.role !== null && allowed.includes(identity.role);
}

/**
 * The generic /dashboard entry: staff and master admins go to their own dashboard;
 * a user with no role who has a driver record goes to the driver portal; anyone else stays.
 */
export function dashboardRedirect(identity: SessionIdentity): AppPath | null {
  if (identity.isMasterAdmin || identity.role) return homePathFor(identity);
  if (identity.hasDriverRecord) return '/driver-portal';
  return null;
}

export interface NavItem {
  to: AppPath;
  label: string;
}

const label: Record<AppPath, string> = {
  '/dashboard': 'Dashboard',
  '/master-admin': 'Dashboard',
  '/admin-dashboard': 'Dashboard',
  '/sales-dashboard': 'Dashboard',
  '/dispatch-dashboard': 'Dashboard',
  '/treasury-dashboard': 'Dashboard',
  '/team': 'Team',
  '/companies': 'Companies',
  '/audit-logs': 'Audit Logs',
  '/fleet-map': 'Fleet Map',
  '/loads': 'Loads',
  '/drivers': 'Drivers',
  '/brokers': 'Brokers',
  '/carriers': 'Carriers',
  '/documents': 'Documents',
  '/invoices': 'Invoices',
  '/analytics': 'Analytics',
  '/messages': 'Messages',
  '/settings': 'Settings',
  '/driver-portal': 'Driver Portal',
  '/carrier-portal': 'Carrier Portal',
};

const item = (to: AppPath, override?: string): NavItem => ({ to, label: override ?? label[to] });

/** The spec's navigation by role, with its labels. */
export function navigationFor(identity: Pick<SessionIdentity, 'role' | 'isMasterAdmin'>): NavItem[] {
  const operations: AppPath[] = [
    '/loads',
    '/drivers',
    '/brokers',
    '/carriers',
    '/documents',
    '/invoices',
    '/messages',
    '/analytics',
    '/audit-logs',
    '/settings',
  ];
  if (identity.isMasterAdmin) return [item('/master-admin'), item('/companies'), ...operations.map((to) => item(to))];
  switch (identity.role) {
    case 'admin':
      return [item('/admin-dashboard'), item('/team'), ...operations.map((to) => item(to))];
    case 'sales':
      return [
        item('/sales-dashboard'),
        item('/loads', 'My Loads'),
        item('/carriers'),
        item('/drivers'),
        item('/documents'),
        item('/analytics', 'My Performance'),
        item('/settings'),
      ];
    case 'dispatcher':
      return [item('/dispatch-dashboard'), item('/loads'), item('/drivers'), item('/fleet-map'), item('/documents'), item('/settings')];
    case 'treasury':
      return [item('/treasury-dashboard'), item('/invoices'), item('/analytics', 'Reports'), item('/settings')];
    default:
      return [item('/dashboard')];
  }
}
