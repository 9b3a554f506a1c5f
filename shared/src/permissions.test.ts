import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOC_PATH, renderPermissionTables } from '../../scripts/permissions-doc.js';
import type { STAFF_ROLES } from './constants.js';
import {
  NAVIGATION,
  PERMISSIONS,
  SCREENS,
  UNLINKED_SCREENS,
  admission,
  canOpen,
  grantOf,
  homePathFor,
  navigationFor,
  type AppPath,
  type NavigationKey,
} from './permissions.js';

const identities: Record<NavigationKey, { role: (typeof STAFF_ROLES)[number] | null; isMasterAdmin: boolean }> = {
  masterAdmin: { role: null, isMasterAdmin: true },
  admin: { role: 'admin', isMasterAdmin: false },
  sales: { role: 'sales', isMasterAdmin: false },
  dispatcher: { role: 'dispatcher', isMasterAdmin: false },
  treasury: { role: 'treasury', isMasterAdmin: false },
  other: { role: null, isMasterAdmin: false },
};
const roleDashboards: AppPath[] = ['/admin-dashboard', '/sales-dashboard', '/dispatch-dashboard', '/treasury-dashboard', '/master-admin'];

describe('the permission table', () => {
  for (const [key, identity] of Object.entries(identities) as [NavigationKey, (typeof identities)[NavigationKey]][]) {
    it(`links every screen ${key} may open, and only those`, () => {
      const home = homePathFor(identity);
      const openable = (Object.keys(SCREENS) as AppPath[]).filter(
        (path) => canOpen(identity, path) && !UNLINKED_SCREENS.includes(path) && (!roleDashboards.includes(path) || path === home),
      );
      const linked = navigationFor(identity).map((item) => item.to);
      const expected = key === 'other' ? ['/dashboard'] : openable;
      expect(new Set(linked)).toEqual(new Set(expected));
      expect(linked).toHaveLength(NAVIGATION[key].length);
    });
  }

  it("points a driver's Dashboard at the driver portal, and links their Messages", () => {
    expect(navigationFor({ role: null, isMasterAdmin: false, portal: 'driver' })).toEqual([
      { to: '/driver-portal', label: 'Dashboard' },
      { to: '/messages', label: 'Messages' },
    ]);
    expect(navigationFor({ role: null, isMasterAdmin: false, portal: null })).toEqual([{ to: '/dashboard', label: 'Dashboard' }]);
  });

  it('lets drivers and carrier users read and write messages (the same screen as staff), and no other member', () => {
    const driver = { role: null, isMasterAdmin: false, portal: 'driver' } as const;
    const carrierUser = { role: null, isMasterAdmin: false, portal: 'carrier' } as const;
    const member = { role: null, isMasterAdmin: false, portal: null } as const;
    for (const identity of [driver, carrierUser]) {
      expect(grantOf(identity, 'messages', 'read')).toBe(identity.portal);
      expect(grantOf(identity, 'messages', 'write')).toBe(identity.portal);
      expect(canOpen(identity, '/messages')).toBe(true);
    }
    expect(grantOf(member, 'messages', 'read')).toBeNull();
    expect(grantOf(member, 'messages', 'write')).toBeNull();
    expect(canOpen(member, '/messages')).toBe(false);
    // A portal account's other staff screens stay closed.
    expect(canOpen(driver, '/loads')).toBe(false);
    expect(canOpen(carrierUser, '/drivers')).toBe(false);
  });

  it("points a carrier user's Dashboard at the carrier portal; a driver is sent home from the carrier portal, a carrier user from the driver's", () => {
    const carrierUser = { role: null, isMasterAdmin: false, portal: 'carrier' } as const;
    const driver = { role: null, isMasterAdmin: false, portal: 'driver' } as const;
    expect(navigationFor(carrierUser)).toEqual([
      { to: '/carrier-portal', label: 'Dashboard' },
      { to: '/messages', label: 'Messages' },
    ]);
    expect(canOpen(driver, '/carrier-portal')).toBe(false);
    expect(canOpen(driver, '/driver-portal')).toBe(true);
    expect(canOpen(carrierUser, '/driver-portal')).toBe(false);
    expect(canOpen(carrierUser, '/carrier-portal')).toBe(true);
    expect(homePathFor(carrierUser)).toBe('/carrier-portal');
    expect(homePathFor(driver)).toBe('/driver-portal');
    // Staff may look at either portal (they are told they have no record there).
    expect(canOpen({ role: 'dispatcher', isMasterAdmin: false, portal: null }, '/carrier-portal')).toBe(true);
  });

  it('sends nobody home to a screen they may not open', () => {
    for (const identity of Object.values(identities)) {
      const home = homePathFor(identity);
      if (identity.role || identity.isMasterAdmin) expect(canOpen(identity, home)).toBe(true);
    }
  });

  it('is what docs/permissions.md shows', () => {
    // Prettier pads the tables; compare cell by cell.
    const cells = (text: string) =>
      text
        .split('\n')
        .map((line) =>
          line
            .replace(/\s*\|\s*/g, '|')
            .replace(/-{3,}/g, '---')
            .trim(),
        )
        .filter(Boolean);
    const rendered = cells(renderPermissionTables());
    const documented = cells(readFileSync(DOC_PATH, 'utf8'));
    const start = documented.indexOf(rendered[0] ?? '');
    expect(documented.slice(start, start + rendered.length), 'run `make permissions-doc`').toEqual(rendered);
  });

  describe('the one decision (admission, grantOf)', () => {
    const staff = (role: 'admin' | 'sales' | 'dispatcher' | 'treasury') => ({
      role,
      isMasterAdmin: false,
      portal: null,
      emailVerified: true,
    });
    const driver = { role: null, isMasterAdmin: false, portal: 'driver', emailVerified: true } as const;
    const carrierUser = { role: null, isMasterAdmin: false, portal: 'carrier', emailVerified: true } as const;
    const member = { role: null, isMasterAdmin: false, portal: null, emailVerified: true } as const;
    const masterAdmin = { role: null, isMasterAdmin: true, portal: null, emailVerified: true } as const;

    it('lets anyone through a public access, and nobody without a session through a permission', () => {
      expect(admission(null, { public: 'a signed link' })).toEqual({ grant: 'public' });
      expect(admission(null, { domain: 'self', action: 'session' })).toEqual({ refusal: 'unauthenticated' });
    });

    it('refuses an unproven address everything but what lists unverified', () => {
      const unproven = { ...staff('admin'), emailVerified: false };
      expect(admission(unproven, { domain: 'loads', action: 'read' })).toEqual({ refusal: 'unverified' });
      expect(admission(unproven, { domain: 'self', action: 'profile' })).toEqual({ refusal: 'unverified' });
      expect(admission(unproven, { domain: 'self', action: 'session' })).toEqual({ grant: 'member' });
    });

    it('grants by role, then portal, then membership', () => {
      expect(grantOf(staff('sales'), 'loads', 'write')).toBe('sales');
      expect(grantOf(staff('treasury'), 'loads', 'write')).toBeNull();
      expect(grantOf(driver, 'documents', 'upload')).toBe('driver');
      expect(grantOf(carrierUser, 'documents', 'upload')).toBe('carrier');
      expect(grantOf(member, 'documents', 'upload')).toBeNull();
      expect(grantOf(driver, 'portal', 'write')).toBe('driver');
      expect(grantOf(carrierUser, 'portal', 'write')).toBeNull();
      expect(grantOf(member, 'self', 'notifications')).toBe('member');
      expect(grantOf(member, 'loads', 'read')).toBeNull();
    });

    it('lets a master admin through everything but MASTER_ADMIN_NEVER, and keeps platform theirs alone', () => {
      expect(grantOf(masterAdmin, 'platform', 'write')).toBe('masterAdmin');
      expect(grantOf(masterAdmin, 'wip', 'request')).toBeNull();
      expect(grantOf(masterAdmin, 'portal', 'write')).toBeNull();
      for (const identity of [staff('admin'), staff('sales'), staff('dispatcher'), staff('treasury'), driver, carrierUser, member]) {
        for (const action of Object.keys(PERMISSIONS.platform) as (keyof typeof PERMISSIONS.platform)[]) {
          expect(admission(identity, { domain: 'platform', action })).toEqual({ refusal: 'forbidden' });
        }
      }
    });
  });
});
