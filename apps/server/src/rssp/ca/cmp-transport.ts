import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { AppError } from '#infra/app-error';
import { caFailure } from './cmp-status';

/** Largest CMP response read (a certificate and its chain). */
const maxResponseBytes = 1_048_576;

/**
 * The HTTP side of one CMP transaction (RFC 6712): every message of it goes over one kept-alive
 * connection, as CAs that hold a transaction per connection (OpenSSL's mock server) need.
 */
export interface CmpTransport {
  post(message: Buffer): Promise<Buffer>;
  close(): void;
}

export function cmpTransport(url: string, timeoutMs: number): CmpTransport {
  const target = new URL(url);
  const https = target.protocol === 'https:';
  const agent = https
    ? new HttpsAgent({ keepAlive: true, maxSockets: 1 })
    : new HttpAgent({ keepAlive: true, maxSockets: 1 });
  const unavailable = (timedOut: boolean) =>
    new AppError(
      'SERVICE_UNAVAILABLE',
      timedOut
        ? `The certificate authority did not answer in ${timeoutMs / 1000} s`
        : 'The certificate authority is not reachable',
    );
  return {
    close: () => agent.destroy(),
    post: (message) =>
      new Promise<Buffer>((resolve, reject) => {
        const send = https ? httpsRequest : httpRequest;
        const req = send(
          target,
          {
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/pkixcmp',
              accept: 'application/pkixcmp',
              connection: 'keep-alive',
              'content-length': message.length,
            },
          },
          (res: IncomingMessage) => {
            const chunks: Buffer[] = [];
            let size = 0;
            res.on('data', (chunk: Buffer) => {
              size += chunk.length;
              if (size > maxResponseBytes) {
                req.destroy();
                reject(caFailure('the answer is too large'));
              } else chunks.push(chunk);
            });
            res.on('error', () => reject(unavailable(false)));
            res.on('end', () => {
              clearTimeout(timer);
              const status = res.statusCode ?? 0;
              const bytes = Buffer.concat(chunks);
              const isCmp = res.headers['content-type']?.startsWith('application/pkixcmp');
              if ((status < 200 || status > 299) && !(isCmp && bytes.length > 0)) {
                reject(caFailure(`HTTP ${status} ${res.statusMessage ?? ''}`.trim()));
              } else resolve(bytes);
            });
          },
        );
        const timer = setTimeout(() => {
          req.destroy();
          reject(unavailable(true));
        }, timeoutMs);
        req.on('error', () => {
          clearTimeout(timer);
          reject(unavailable(false));
        });
        req.end(message);
      }),
  };
}
