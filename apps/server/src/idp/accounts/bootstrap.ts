import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '#infra/app-context';
import { registerAccount } from './account-service';
import { findAccountByEmail } from './account-store';

/** A strong random password: 24 characters from an unambiguous alphabet (about 137 bits). */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(48);
  let out = '';
  for (const byte of bytes) {
    if (byte >= alphabet.length * 4) continue; // keep the distribution uniform
    out += alphabet[byte % alphabet.length];
    if (out.length === 24) break;
  }
  return out.length === 24 ? out : generatePassword();
}

function printPasswordBox(email: string, password: string): void {
  const lines = [
    'Signet: the first admin account was created.',
    '',
    `  E-mail:   ${email}`,
    `  Password: ${password}`,
    '',
    'This password is shown only once. Sign in and change it',
    '(set ADMIN_PASSWORD to choose it yourself on a fresh install).',
  ];
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  const border = `+${'-'.repeat(width + 2)}+`;
  console.log(['', border, ...lines.map((l) => `| ${l.padEnd(width)} |`), border, ''].join('\n'));
}

/**
 * First start: creates the first admin's sign-in account (ADMIN_EMAIL / ADMIN_PASSWORD, or a
 * generated password printed once to the console — never to the log).
 */
export async function bootstrapIdp(context: AppContext, log: FastifyBaseLogger): Promise<void> {
  const { config } = context;
  const db = context.database.db;
  if (await findAccountByEmail(db, config.ADMIN_EMAIL)) return;
  const password = config.ADMIN_PASSWORD ?? generatePassword();
  const account = await registerAccount(db, {
    email: config.ADMIN_EMAIL,
    givenName: 'Admin',
    familyName: 'Signet',
    password,
    emailVerified: true,
  });
  if (!account) return; // another instance created it at the same moment
  log.info({ email: config.ADMIN_EMAIL }, 'idp: first admin account created');
  if (!config.ADMIN_PASSWORD) printPasswordBox(config.ADMIN_EMAIL, password);
}
