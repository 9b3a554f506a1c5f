import { trpc } from '../../lib/trpc';

/** A mutation as the record screens use it (a tRPC `useMutation()` result). */
export interface RecordMutation<Input> {
  mutate: (input: Input, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
}

interface Procedure<Input> {
  useMutation: (options: { onSuccess: () => void }) => RecordMutation<Input>;
}

/**
 * What a record domain (drivers, brokers, carriers, and the ones to come) gives its list screen
 * and its form: its name, its router's create, update and delete procedures, and what to re-read
 * after one of them. `Input` is the form's parsed values.
 */
export interface RecordDomain<Input> {
  /** "Driver": Add Driver, Edit Driver, Delete Driver, "Driver created successfully", "delete this driver". */
  noun: string;
  procedures: { create: Procedure<Input>; update: Procedure<Input & { id: string }>; delete: Procedure<{ id: string }> };
  /** Re-reads what a save or a deletion changes. */
  refresh: (utils: ReturnType<typeof trpc.useUtils>) => Promise<unknown>;
}

/** One of the domain's mutations, re-reading what it changes once it succeeds. */
export function useRecordMutation<Input>(procedure: Procedure<Input>, refresh: RecordDomain<never>['refresh']): RecordMutation<Input> {
  const utils = trpc.useUtils();
  return procedure.useMutation({ onSuccess: () => void refresh(utils) });
}
