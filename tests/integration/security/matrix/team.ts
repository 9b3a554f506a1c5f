import { createInvitation, createMember, uniqueEmail } from '../../../support/factories.js';
import { ALL_PERSONAS } from '../../../support/personas.js';
import { allowedBy, type ProcedureRule, type Sample } from '../authorization-matrix.js';

/** A pending invitation of the caller's company, sent long enough ago to be resent. */
const invitation = ({ company, services }: Sample) => createInvitation(services.db, company);
/** A treasury member of the caller's company, to change or remove. */
const member = ({ company, services }: Sample) => createMember(services, company.companyId, { role: 'treasury' });

export const teamRules = {
  'team.members': { type: 'query', allowed: allowedBy('team', 'read'), input: () => undefined },
  'team.adminStats': { type: 'query', allowed: allowedBy('team', 'read'), input: () => undefined },
  'team.invitations': { type: 'query', allowed: allowedBy('team', 'read'), input: () => undefined },
  'team.invite': {
    type: 'mutation',
    allowed: allowedBy('team', 'write'),
    input: () => ({ email: uniqueEmail('matrix-invite'), firstName: 'Mia', lastName: 'Matrix', role: 'dispatcher' }),
  },
  'team.resendInvitation': {
    type: 'mutation',
    allowed: allowedBy('team', 'write'),
    input: async (sample) => ({ id: (await invitation(sample)).id }),
  },
  'team.revokeInvitation': {
    type: 'mutation',
    allowed: allowedBy('team', 'write'),
    input: async (sample) => ({ id: (await invitation(sample)).id }),
  },
  'team.changeRole': {
    type: 'mutation',
    allowed: allowedBy('team', 'write'),
    input: async (sample) => ({ userId: (await member(sample)).userId, role: 'sales' }),
  },
  // The Sales Agent select of the load, driver and carrier forms: whoever chooses a sales agent.
  'team.salesAgents': { type: 'query', allowed: allowedBy('salesAgents', 'assign'), input: () => undefined },
  'team.removeMember': {
    type: 'mutation',
    allowed: allowedBy('team', 'write'),
    input: async (sample) => ({ userId: (await member(sample)).userId }),
  },
  // The invitee's side is public: the token in the mailed link is the only key.
  'invitations.preview': { type: 'query', allowed: ALL_PERSONAS, input: async (sample) => ({ token: (await invitation(sample)).token }) },
  'invitations.accept': {
    type: 'mutation',
    allowed: ALL_PERSONAS,
    input: async (sample) => ({ token: (await invitation(sample)).token, firstName: 'Ines', lastName: 'Invitee', password: 'secret1' }),
  },
} satisfies Record<string, ProcedureRule>;
