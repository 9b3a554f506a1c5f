import type { StaffRole } from '#shared/constants.js';

/** The members every test company has (tests/support/factories.ts): one per staff role, and a driver with no role. */
export type PersonaName = 'admin' | 'sales' | 'dispatcher' | 'treasury' | 'driver';
export const PERSONAS = ['admin', 'sales', 'dispatcher', 'treasury', 'driver'] as const satisfies readonly PersonaName[];

/** The staff role each member holds. */
export const PERSONA_ROLES: Record<PersonaName, StaffRole | null> = {
  admin: 'admin',
  sales: 'sales',
  dispatcher: 'dispatcher',
  treasury: 'treasury',
  driver: null,
};

/** Who calls a procedure: nobody signed in, a member of a company, or a master admin. */
export type Persona = 'anonymous' | PersonaName | 'masterAdmin';
export const ALL_PERSONAS = ['anonymous', ...PERSONAS, 'masterAdmin'] as const satisfies readonly Persona[];

/** Anyone with a valid session, whatever their role (a driver has none). */
export const SIGNED_IN = [...PERSONAS, 'masterAdmin'] as const satisfies readonly Persona[];
