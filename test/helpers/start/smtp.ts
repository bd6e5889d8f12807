import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from '../site/mime';

export type ReceivedMail = ParsedMail & { envelope: { from: string; to: string[] }; raw: string };

export type TestSmtpServer = {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Answer every message with a permanent 550 failure from now on (or stop doing so). */
  setRejecting: (reject: boolean) => void;
  /** Hold each message this long before accepting it, so "sending" is observable. */
  setDelay: (ms: number) => void;
  /** Messages whose data has arrived but that are not answered yet (held by setDelay). */
  pending: () => number;
  waitForMessages: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  close: () => Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 (a free port, or `port`: a mail server
 * coming back where it was down), without TLS, that keeps what it receives.
 * With `login`, it takes mail only from a client that logs in with that user
 * name and password (over the plain connection: loopback only), and refuses
 * any other login with 535, as a mail service does. While rejecting, each
 * message is refused with 550 and `refusal` as the server's words.
 */
export async function startSmtpServer({
  port: wanted = 0,
  login,
  refusal = 'Mailbox unavailable',
}: { port?: number; login?: { user: string; pass: string }; refusal?: string } = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  let rejecting = false;
  let delayMs = 0;
  let pending = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: !login,
    allowInsecureAuth: Boolean(login),
    onAuth(auth, _session, callback) {
      if (login && auth.username === login.user && auth.password === login.pass) return callback(null, { user: auth.username });
      callback(Object.assign(new Error('Authentication failed'), { responseCode: 535 }));
    },
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        pending++;
        setTimeout(() => {
          pending--;
          if (rejecting) {
            const error = Object.assign(new Error(refusal), { responseCode: 550 });
            return callback(error);
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          const envelope = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          };
          messages.push({ ...parseMail(raw), envelope, raw });
          callback();
        }, delayMs);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(wanted, '127.0.0.1', resolve);
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    setRejecting: (reject) => {
      rejecting = reject;
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    pending: () => pending,
    waitForMessages: async (count, timeoutMs = 10_000) => {
      const started = Date.now();
      while (messages.length < count) {
        if (Date.now() - started > timeoutMs) throw new Error(`expected ${count} message(s), got ${messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A TCP server that accepts connections and never says a word: an SMTP server
 * that hangs. With `banner`, it says that line first and then nothing, as an
 * SSH or Redis server does to a mail client. `host` '::' listens on every
 * address of this computer, IPv4 and IPv6 (a connection to 127.x, ::1,
 * ::ffff:127.0.0.1 or 0.0.0.0 all arrive); `port` a fixed one.
 */
export async function startSilentServer({
  banner,
  host = '127.0.0.1',
  port: wanted = 0,
}: { banner?: string; host?: string; port?: number } = {}): Promise<{
  url: string;
  port: number;
  connections: () => number;
  close: () => Promise<void>;
}> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    if (banner) socket.write(`${banner}\r\n`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: wanted, host, ipv6Only: false }, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
