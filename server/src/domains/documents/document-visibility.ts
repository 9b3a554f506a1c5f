import { DOCUMENT_VISIBILITY } from '#shared/permissions.js';
import type { Scope } from '../../db/scope.js';

/** The visibilities this scope reads (DOCUMENT_VISIBILITY in shared/src/permissions.ts); a master admin reads them all. */
export function visibilitiesOf(scope: Scope) {
  if (scope.isMasterAdmin) return DOCUMENT_VISIBILITY.admin;
  return scope.role ? DOCUMENT_VISIBILITY[scope.role] : [];
}

/**
 * The same rule in memory, for a document known only by its change notice (the live feed): its
 * visibility (and, on an update, the one before) or its uploader, as the lists filter.
 */
export function mayHearOfDocument(scope: Scope, event: Record<string, unknown>): boolean {
  const visible: readonly unknown[] = visibilitiesOf(scope);
  return visible.includes(event.visibility) || visible.includes(event.oldVisibility) || event.uploadedBy === scope.userId;
}
