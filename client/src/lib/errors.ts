import { useEffect, useRef } from 'react';
import { notify } from '../components/toaster';
import { errorDetails } from './trpc';

/**
 * The client's one error rule. Every failure is told once, as the spec's catalogue says: a
 * toast with a title and the server's message.
 *
 * - A failed read: one toast per failure ("Error" / "Failed to fetch data" for a list, or the
 *   screen's own text), from the component or hook that owns the query (`useFailureToast`).
 *   The place the data would fill shows only "Try again" (`QueryState`), never the message again.
 * - A failed action (a mutation): one toast (`reportFailure`). When the server names a field of
 *   the form being sent, the form also marks that field with it, so the person sees what to fix
 *   (`useZodForm`'s `fail`).
 * - A form's own check before sending: the fields say what is wrong, nothing is sent, no toast.
 */

export const FETCH_FAILED = 'Failed to fetch data';

/** A failed action: one toast, the title the spec gives it and the server's message (or the fallback). */
export function reportFailure(title: string, error: unknown, fallback?: string): void {
  const { message } = errorDetails(error);
  notify.error(title, message || fallback);
}

/**
 * A failed read: one toast per failure of this query (not again for the same failure when the
 * component mounts anew), with the spec's title and text, or the server's message.
 */
export function useFailureToast(query: { errorUpdatedAt: number; error: unknown }, title = 'Error', message?: string): void {
  const told = useRef(query.errorUpdatedAt);
  const { errorUpdatedAt, error } = query;
  const text = message ?? (error ? errorDetails(error).message : undefined);
  useEffect(() => {
    if (errorUpdatedAt === told.current || !error) return;
    told.current = errorUpdatedAt;
    notify.error(title, text);
  }, [errorUpdatedAt, error, title, text]);
}
