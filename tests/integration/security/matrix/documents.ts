import { createLoad } from '../../../support/factories.js';
import { createDocument, createStoredPod } from '../../documents/document-factory.js';
import { allowedBy, SIGNED_IN, type ProcedureRule, type Sample } from '../authorization-matrix.js';

/** A document of the caller's company marked sales (so every reader, sales included, sees it), uploaded by its sales member. */
const documentId = async ({ company, services }: Sample) => ({ id: (await createDocument(services.db, company.users.sales)).id });

export const documentsRules = {
  'documents.list': { type: 'query', allowed: allowedBy('documents', 'read'), input: () => ({ limit: 10 }) },
  'documents.forLoad': {
    type: 'query',
    allowed: allowedBy('documents', 'read'),
    input: async ({ company, services }) => ({ loadId: await createLoad(services.db, company.users.sales) }),
  },
  // The portals' list: anyone signed in, through their own driver record (none: an empty list).
  'documents.mine': { type: 'query', allowed: SIGNED_IN, input: () => ({ limit: 10 }) },
  'documents.downloadLink': { type: 'mutation', allowed: allowedBy('documents', 'read'), input: documentId },
  'documents.delete': { type: 'mutation', allowed: allowedBy('documents', 'write'), input: documentId },
  'documents.extractPod': {
    type: 'mutation',
    allowed: allowedBy('documents', 'write'),
    input: async ({ company, services }) => ({ id: (await createStoredPod(services, company.users.sales)).id }),
  },
  'documents.confirmPod': {
    type: 'mutation',
    allowed: allowedBy('documents', 'write'),
    input: async ({ company, services }) => ({
      id: (await createDocument(services.db, company.users.sales, { documentType: 'pod' })).id,
      deliveryDate: '2026-11-20',
      deliveryTime: '14:45',
      recipientName: 'James Carter',
      recipientSignature: true,
      location: 'Atlanta, GA',
      condition: 'good',
      notes: '',
    }),
  },
  'documents.podData': { type: 'query', allowed: allowedBy('documents', 'read'), input: documentId },
} satisfies Record<string, ProcedureRule>;
