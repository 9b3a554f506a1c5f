import { router } from '../../trpc/procedures.js';
import { createDownloadLinkProcedure } from './create-download-link.js';
import { deleteDocumentProcedure } from './delete-document.js';
import { listDocumentsProcedure } from './list-documents.js';
import { listLoadDocumentsProcedure } from './list-load-documents.js';

/** Documents: who may call each is in shared/src/permissions.ts ("documents"). Uploads are HTTP (http-routes.ts). */
export const documentsRouter = router({
  list: listDocumentsProcedure,
  forLoad: listLoadDocumentsProcedure,
  downloadLink: createDownloadLinkProcedure,
  delete: deleteDocumentProcedure,
});
