import { createServer, type AddressInfo, type Socket } from 'node:net';

/** One message the fake mail server took: the envelope and the message as sent (headers and body). */
export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  /** The body, quoted-printable undone. */
  text: string;
}

export interface FakeSmtp {
  port: number;
  received: ReceivedMail[];
  /** Resolves with the next message (or the first one already there past `seen`). */
  next(seen?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A local mail server speaking just enough SMTP (RFC 5321: greeting, EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT;
 * no TLS, no AUTH) for nodemailer to hand it a message, which it keeps for the test to read. Nothing leaves the
 * machine.
 */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const waiting: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('latin1');
    let buffer = '';
    let inData = false;
    let envelope = { from: '', to: [] as string[] };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake-smtp ESMTP ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const data = buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.');
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push({ ...envelope, ...parseMessage(data) });
          envelope = { from: '', to: [] };
          reply('250 2.0.0 queued');
          waiting.splice(0).forEach((wake) => wake());
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-fake-smtp\r\n250 8BITMIME');
        else if (verb === 'HELO') reply('250 fake-smtp');
        else if (verb === 'MAIL') {
          envelope.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else reply('502 5.5.1 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    async next(seen = received.length) {
      while (received.length <= seen) await new Promise<void>((resolve) => waiting.push(resolve));
      return received[seen]!;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function parseMessage(data: string): Pick<ReceivedMail, 'headers' | 'text'> {
  const split = data.indexOf('\r\n\r\n');
  const head = split < 0 ? data : data.slice(0, split);
  const body = split < 0 ? '' : data.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const quoted = /quoted-printable/i.test(headers['content-transfer-encoding'] ?? '');
  const text = quoted
    ? body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : body;
  return { headers, text: text.replace(/\r\n/g, '\n') };
}
