import { createHmac } from 'node:crypto';
import { signDownload, type SignedDownload } from '../../services/storage/signed-links.js';
import { assertStorageKey, attachmentDisposition } from '../../services/storage/storage.js';

/**
 * A document's preview (the Documents screen's side panel): the same signed, expiring app link as
 * a download (/files/download, signed-links.ts), with `disposition=inline`, so the browser shows
 * the file in the panel instead of saving it. Only for the types a browser shows safely (PDF in a
 * frame, JPEG and PNG in an <img>); every other type is download only.
 *
 * An inline link is signed with its own key, derived from the links' secret: an attachment link
 * cannot be turned into an inline one by adding `disposition=inline` to it, and an inline link
 * is only ever made (create-download-link.ts) for a document the caller may read.
 */
export const PREVIEW_CONTENT_TYPES: readonly string[] = ['application/pdf', 'image/jpeg', 'image/png'];

export const isPreviewable = (contentType: string): boolean => PREVIEW_CONTENT_TYPES.includes(contentType);

export const NO_PREVIEW = 'No preview for this type';

/** The key inline links are signed with: the links' secret, separated by purpose. */
export function previewSecret(secret: Buffer): Buffer {
  return createHmac('sha256', secret).update('haulwise/documents/inline-preview/v1').digest();
}

/** An app URL that answers the file inline (GET /files/download?…&disposition=inline). */
export function signPreview(secret: Buffer, link: SignedDownload): string {
  assertStorageKey(link.key);
  return `${signDownload(previewSecret(secret), link)}&disposition=inline`;
}

/** Whether a /files/download request asks for the inline answer. */
export const asksInline = (query: Record<string, unknown>): boolean => query.disposition === 'inline';

/**
 * The headers of an inline answer, beside Content-Type (the stored type), nosniff and no-store:
 * `inline` with the file's name, and a Content-Security-Policy that lets this app (and only it)
 * frame the file. A PDF's policy restricts nothing else: the browser's own PDF viewer draws with
 * inline styles and scripts of its own, which `default-src` would block (an empty frame). An
 * image's is closed and sandboxed.
 */
export function inlineHeaders(fileName: string, contentType: string): Record<string, string> {
  const policy =
    contentType === 'application/pdf'
      ? "frame-ancestors 'self'; base-uri 'none'; form-action 'none'"
      : "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";
  return {
    'content-disposition': attachmentDisposition(fileName).replace(/^attachment;/, 'inline;'),
    'content-security-policy': policy,
    'x-frame-options': 'SAMEORIGIN',
  };
}
