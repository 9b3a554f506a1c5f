import { useEffect, useState } from 'react';
import { can } from '#shared/permissions.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { DOCUMENT_TEXTS, type DocumentListItem, type DocumentTypeFilter, type DocumentUploadFields } from '#shared/schemas/documents.js';
import { notify } from '../../components/toaster';
import { reportFailure } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { usePagedList } from '../../lib/use-paged-list';

export interface DocumentFilters {
  search: string;
  documentType: DocumentTypeFilter;
  /** '' for every load. */
  loadId: string;
}

/** What this user may do with documents (docs/permissions.md); the server decides, this only hides what it would refuse. */
export function documentPermissions(session: SessionOutput) {
  const canWrite = can(session, 'documents', 'write');
  return { canUpload: canWrite, canDelete: canWrite };
}

/** The documents list, newest first, a page at a time. */
export function useDocumentList(filters: DocumentFilters) {
  const { rows, query } = usePagedList(trpc.documents.list, {
    search: filters.search,
    documentType: filters.documentType,
    loadId: filters.loadId || undefined,
  });
  useEffect(() => {
    if (query.error) notify.error('Error', 'Failed to fetch data');
  }, [query.error]);
  return { query, documents: rows };
}

export type UploadOutcome = { ok: true; document: DocumentListItem } | { ok: false; message: string };

/**
 * Sends one file to POST /api/documents (multipart: the fields first, then the file), reporting
 * progress from 0 to 100. XMLHttpRequest, because fetch cannot tell upload progress.
 */
export function uploadDocument(file: File, fields: DocumentUploadFields, onProgress: (percent: number) => void): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) if (value) form.append(name, String(value));
    form.append('file', file, file.name);
    const request = new XMLHttpRequest();
    request.open('POST', '/api/documents');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const body = request.response as (DocumentListItem & { error?: { message?: string } }) | null;
      if (request.status === 201 && body) {
        onProgress(100);
        resolve({ ok: true, document: body });
      } else {
        resolve({ ok: false, message: body?.error?.message ?? DOCUMENT_TEXTS.uploadFailed });
      }
    };
    request.onerror = () => resolve({ ok: false, message: DOCUMENT_TEXTS.uploadFailed });
    request.send(form);
  });
}

/** Download (through a signed link) and delete, with the spec's toasts. */
export function useDocumentActions() {
  const utils = trpc.useUtils();
  const link = trpc.documents.downloadLink.useMutation();
  const remove = trpc.documents.delete.useMutation({ onSuccess: () => utils.documents.invalidate() });
  const [downloadingId, setDownloadingId] = useState<string | null>(null);

  const download = (document: DocumentListItem) => {
    setDownloadingId(document.id);
    link.mutate(
      { id: document.id },
      {
        onSuccess: ({ url }) => {
          // The link answers with Content-Disposition: attachment, so the page stays where it is.
          const anchor = window.document.createElement('a');
          anchor.href = url;
          anchor.rel = 'noopener';
          anchor.download = document.fileName;
          window.document.body.append(anchor);
          anchor.click();
          anchor.remove();
        },
        onError: () => notify.error('Error', DOCUMENT_TEXTS.linkFailed),
        onSettled: () => setDownloadingId(null),
      },
    );
  };

  const deleteDocument = (document: DocumentListItem, onDone: () => void) =>
    remove.mutate(
      { id: document.id },
      {
        onSuccess: () => {
          notify.success(DOCUMENT_TEXTS.deleted);
          onDone();
        },
        onError: (error) => reportFailure('Error', error),
      },
    );

  return { download, downloadingId, deleteDocument, isDeleting: remove.isPending };
}

/** What the preview shows in the page (server/src/domains/documents/document-preview.ts): a PDF in a frame, a JPEG or PNG as an image. */
export type PreviewKind = 'pdf' | 'image' | null;

export function previewKindOf(contentType: string): PreviewKind {
  if (contentType === 'application/pdf') return 'pdf';
  if (contentType === 'image/jpeg' || contentType === 'image/png') return 'image';
  return null;
}

/**
 * The preview's link: the same signed, expiring link as a download, asked for inline
 * (documents.downloadLink with disposition 'inline'), made when the document changes. Nothing for
 * a type the page cannot show.
 */
export function usePreviewLink(document: DocumentListItem | null) {
  const { mutate, data, isError, variables } = trpc.documents.downloadLink.useMutation();
  const id = document && previewKindOf(document.contentType) ? document.id : null;
  useEffect(() => {
    if (id) mutate({ id, disposition: 'inline' });
  }, [id, mutate]);
  // A late answer for a document shown before is not this one's.
  const current = id !== null && variables?.id === id;
  return {
    url: current ? (data?.url ?? null) : null,
    failed: current && isError,
    retry: () => (id ? mutate({ id, disposition: 'inline' }) : undefined),
  };
}
