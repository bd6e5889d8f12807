import type { MailHealth } from '~/contact/inbox.server';

/** What the overview's loader and action hand its panels (routes/admin._index.server.ts). */

export type MailHealthView = Omit<MailHealth, 'lastDeliveredAt' | 'lastFailureAt'> & {
  lastDeliveredAt: string | null;
  lastFailureAt: string | null;
};

/** What the rebuild form says back. started: the hook took it; under-way: one started less than a minute ago; failed: nothing started (or unknown). */
export type RebuildAnswer = { state: 'started' | 'under-way' | 'failed'; message: string };
