// A real SMTP receiver on loopback: the server sends through SMTP_URL, the test reads what arrived.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The message with quoted-printable soft breaks and escapes undone, good enough to find links. */
  text: string;
}

export interface Mailbox {
  smtpUrl: string;
  messages: ReceivedMail[];
  /** Waits for a message to `to` after the first `after` ones (default: the first message) and returns it. */
  waitFor(to: string, options?: { after?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  /** The messages to `to` received so far, oldest first. */
  messagesTo(address: string): ReceivedMail[];
  close(): Promise<void>;
}

const decodeQuotedPrintable = (value: string) =>
  value.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export async function startMailbox(): Promise<Mailbox> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((address) => address.address.toLowerCase()),
          raw,
          text: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    messages,
    messagesTo: (address) => messages.filter((message) => message.to.includes(address.toLowerCase())),
    async waitFor(to, { after = 0, timeoutMs = 45_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.filter((message) => message.to.includes(to.toLowerCase()))[after];
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`nenhum email para ${to} em ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
