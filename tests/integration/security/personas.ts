/**
 * Who calls a procedure in the authorization matrix. In a module of its own so that the
 * matrix's per-domain files (which the matrix imports) can import these values too.
 */
export type Persona = 'anonymous' | 'admin' | 'sales' | 'dispatcher' | 'treasury' | 'driver' | 'masterAdmin';

export const ALL_PERSONAS = [
  'anonymous',
  'admin',
  'sales',
  'dispatcher',
  'treasury',
  'driver',
  'masterAdmin',
] as const satisfies readonly Persona[];

/** Anyone with a valid session, whatever their role (a driver has none). */
export const SIGNED_IN = ['admin', 'sales', 'dispatcher', 'treasury', 'driver', 'masterAdmin'] as const satisfies readonly Persona[];
