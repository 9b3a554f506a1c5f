import { router } from '../../trpc/procedures.js';
import { createDownloadLinkProcedure } from './create-download-link.js';
import { confirmPodDataProcedure } from './confirm-pod-data.js';
import { deleteDocumentProcedure } from './delete-document.js';
import { extractPodDataProcedure } from './extract-pod-data.js';
import { getPodDataProcedure } from './get-pod-data.js';
import { listDocumentsProcedure } from './list-documents.js';
import { listLoadDocumentsProcedure } from './list-load-documents.js';
import { listPortalDocumentsProcedure } from './list-portal-documents.js';

/** Documents: who may call each is in shared/src/permissions.ts ("documents"). Uploads are HTTP (http-routes.ts). */
export const documentsRouter = router({
  list: listDocumentsProcedure,
  forLoad: listLoadDocumentsProcedure,
  mine: listPortalDocumentsProcedure,
  downloadLink: createDownloadLinkProcedure,
  delete: deleteDocumentProcedure,
  extractPod: extractPodDataProcedure,
  confirmPod: confirmPodDataProcedure,
  podData: getPodDataProcedure,
});
