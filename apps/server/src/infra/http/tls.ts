import type { FastifyServerOptions } from 'fastify';
import { readFile } from 'node:fs/promises';
import { createSecureContext } from 'node:tls';
import type { Config } from '../config';

/** The certificate (chain) and private key Signet serves HTTPS with. */
export interface TlsFiles {
  cert: Buffer;
  key: Buffer;
}

async function readPem(variable: string, path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw new Error(`${variable}: cannot read ${path} (${reason})`);
  }
}

/**
 * TLS_CERT_FILE and TLS_KEY_FILE read and checked to belong together, or null when Signet serves
 * plain HTTP (the quick start, or TLS ending at a proxy).
 */
export async function readTlsFiles(
  config: Pick<Config, 'TLS_CERT_FILE' | 'TLS_KEY_FILE'>,
): Promise<TlsFiles | null> {
  if (!config.TLS_CERT_FILE || !config.TLS_KEY_FILE) return null;
  const files = {
    cert: await readPem('TLS_CERT_FILE', config.TLS_CERT_FILE),
    key: await readPem('TLS_KEY_FILE', config.TLS_KEY_FILE),
  };
  try {
    createSecureContext(files);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`TLS_CERT_FILE, TLS_KEY_FILE: not a certificate and its key (${reason})`);
  }
  return files;
}

/**
 * Fastify's options to serve HTTPS as HTTP/2 with HTTP/1.1 for clients that do not offer h2 in
 * ALPN (decision 055): a browser's calls and its event stream then share one connection, where
 * HTTP/1.1 gives a host six. An idle HTTP/2 connection closes after HTTP_KEEP_ALIVE_TIMEOUT_SECONDS,
 * and closing the app closes open ones, as it does keep-alive sockets.
 *
 * Fastify types an HTTP/2 instance apart from an HTTP/1.1 one, though its routes, hooks and
 * replies are the same at run time (Node's compatibility API); the app is written against the
 * HTTP/1.1 types, so the options are handed over as those.
 */
export function withTls(options: FastifyServerOptions, files: TlsFiles, config: Config) {
  const secure = {
    ...options,
    http2: true,
    https: { allowHTTP1: true, cert: files.cert, key: files.key },
    http2SessionTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    forceCloseConnections: true,
  };
  return secure as unknown as FastifyServerOptions;
}
