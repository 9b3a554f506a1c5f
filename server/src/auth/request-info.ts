/**
 * Who made a request: the address and browser a session records when it starts, and what the
 * per-IP limits count. The tRPC context carries one (trpc/context.ts); it is defined here, below
 * trpc/, because sign-in and two-factor sign-in take it.
 */
export interface RequestInfo {
  ip: string;
  userAgent: string | null;
}
