// A real SMTP server on loopback for API tests: the app sends through SMTP_URL, the test reads what
// arrived. It can refuse the first messages with a temporary error, like a busy mail server.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The message with quoted-printable soft breaks and escapes undone, good enough to find links. */
  text: string;
}

export interface SmtpReceiver {
  url: string;
  /** Recipients of every accepted message, in order (one entry per recipient). */
  accepted: string[];
  /** The accepted messages, oldest first. */
  messages: ReceivedMail[];
  /** How many messages were refused so far. */
  refused(): number;
  close(): Promise<void>;
}

const decodeQuotedPrintable = (value: string) =>
  value.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export async function startSmtpReceiver({ refuse = 0 }: { refuse?: number } = {}): Promise<SmtpReceiver> {
  const accepted: string[] = [];
  const messages: ReceivedMail[] = [];
  let seen = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        seen += 1;
        if (seen <= refuse) {
          callback(Object.assign(new Error('Caixa temporariamente indisponível'), { responseCode: 451 }));
          return;
        }
        const to = session.envelope.rcptTo.map((address) => address.address.toLowerCase());
        accepted.push(...to);
        messages.push({ to, text: decodeQuotedPrintable(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    accepted,
    messages,
    refused: () => Math.min(seen, refuse),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
