import { startServer, type RunningServer } from '../start/server';
import { startSmtpServer, type TestSmtpServer } from '../start/smtp';
import { useStarted } from './use-started';

export type ContactServer = { smtp: TestSmtpServer; server: RunningServer };

/**
 * For the enclosing file: the built server mailing the contact form through a
 * test SMTP server, its function open with `secret`, a sender allowed
 * `rateLimit` messages; started before the tests, stopped after them.
 */
export function useContactServer(secret: string, rateLimit: number): ContactServer {
  return useStarted(
    async () => {
      const smtp = await startSmtpServer();
      try {
        const server = await startServer({ SMTP_URL: smtp.url, CONTACT_FUNCTION_SECRET: secret, CONTACT_RATE_LIMIT: String(rateLimit) });
        return { smtp, server };
      } catch (error) {
        await smtp.close();
        throw error;
      }
    },
    async ({ smtp, server }) => {
      await server.stop();
      await smtp.close();
    },
  );
}
