import { randomUUID } from 'node:crypto';
import type { StaffRole } from '#shared/constants.js';
import { addMember } from '../../../../server/src/auth/accounts.js';
import type { Db } from '../../../../server/src/db/database.js';
import { withCompany } from '../../../../server/src/db/with-company.js';
import { createInvitationToken } from '../../../../server/src/domains/invitations/invitation-token.js';
import { TEST_PASSWORD, uniqueEmail, type TestCompany } from '../../../support/harness.js';
import type { Persona, ProcedureRule, SampleContext } from '../authorization-matrix.js';
import { ALL_PERSONAS as EVERYONE } from '../personas.js';

/** The team is the admin's (a master admin passes the guard, and manages their own company's team only). */
const TEAM_ADMINS = ['admin', 'masterAdmin'] as const satisfies readonly Persona[];

export interface SampleInvitation {
  id: string;
  token: string;
  email: string;
}

/**
 * A pending invitation of the company, written by its admin inside the company's transaction,
 * with the link's token (which only the mailed link carries). `sentSecondsAgo` past the resend
 * cooldown lets it be resent at once.
 */
export async function createInvitation(
  db: Db,
  company: TestCompany,
  options: { email?: string; role?: StaffRole; sentSecondsAgo?: number; expiresInSeconds?: number } = {},
): Promise<SampleInvitation> {
  const { token, tokenHash } = createInvitationToken();
  const email = options.email ?? uniqueEmail('invitee');
  const admin = company.users.admin;
  const sentAt = new Date(Date.now() - (options.sentSecondsAgo ?? 120) * 1000);
  const id = await withCompany(db, { companyId: company.companyId, userId: admin.userId }, async (tx) => {
    const row = await tx
      .insertInto('invitations')
      .values({
        companyId: company.companyId,
        email,
        firstName: 'Ines',
        lastName: 'Invitee',
        role: options.role ?? 'dispatcher',
        tokenHash: tokenHash,
        invitedBy: admin.userId,
        createdAt: sentAt,
        lastSentAt: sentAt,
        expiresAt: new Date(Date.now() + (options.expiresInSeconds ?? 7 * 24 * 3600) * 1000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return { id, token, email };
}

/** A new member of the company with a role, to change or remove. */
export async function createMember(db: Db, company: TestCompany, role: StaffRole = 'treasury'): Promise<string> {
  const member = await addMember(db, company.companyId, {
    email: uniqueEmail(`member-${role}`),
    password: TEST_PASSWORD,
    firstName: 'Milo',
    lastName: `Member ${randomUUID().slice(0, 4)}`,
    role,
  });
  return member.userId;
}

const invitationId = async ({ company, services }: SampleContext) => ({ id: (await createInvitation(services.db, company)).id });

export const teamRules = {
  'team.members': { type: 'query', allowed: TEAM_ADMINS, input: () => undefined },
  'team.adminStats': { type: 'query', allowed: TEAM_ADMINS, input: () => undefined },
  'team.invitations': { type: 'query', allowed: TEAM_ADMINS, input: () => undefined },
  'team.invite': {
    type: 'mutation',
    allowed: TEAM_ADMINS,
    input: () => ({ email: uniqueEmail('matrix-invite'), firstName: 'Mia', lastName: 'Matrix', role: 'dispatcher' }),
  },
  'team.resendInvitation': { type: 'mutation', allowed: TEAM_ADMINS, input: invitationId },
  'team.revokeInvitation': { type: 'mutation', allowed: TEAM_ADMINS, input: invitationId },
  'team.changeRole': {
    type: 'mutation',
    allowed: TEAM_ADMINS,
    input: async ({ company, services }: SampleContext) => ({
      userId: await createMember(services.db, company, 'treasury'),
      role: 'sales',
    }),
  },
  'team.removeMember': {
    type: 'mutation',
    allowed: TEAM_ADMINS,
    input: async ({ company, services }: SampleContext) => ({ userId: await createMember(services.db, company) }),
  },
  // The invitee's side is public: the token in the mailed link is the only key.
  'invitations.preview': {
    type: 'query',
    allowed: EVERYONE,
    input: async ({ company, services }: SampleContext) => ({ token: (await createInvitation(services.db, company)).token }),
  },
  'invitations.accept': {
    type: 'mutation',
    allowed: EVERYONE,
    input: async ({ company, services }: SampleContext) => ({
      token: (await createInvitation(services.db, company)).token,
      firstName: 'Ines',
      lastName: 'Invitee',
      password: 'secret1',
    }),
  },
} satisfies Record<string, ProcedureRule>;
