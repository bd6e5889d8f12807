/** What /admin/publishing's action says back (routes/admin.publishing.server.ts): never the token. */
export type PublishingActionData =
  | { intent: 'connect'; state: 'connected'; message: string; repository: string }
  | { intent: 'connect'; state: 'failed'; reason: string; repository: string }
  | { intent: 'other'; state: 'failed'; reason: string; repository: string };
