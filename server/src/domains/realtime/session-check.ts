/**
 * How long a live channel may go on without its session being looked at again: the live hub
 * (live-membership.ts) checks the sessions of busy channels in the background every half of this, and
 * a channel idle for twice this before it is told anything, so an ended session whose notice
 * never came hears nothing more within about this long.
 */
export const SESSION_RECHECK_MS = 2_000;
