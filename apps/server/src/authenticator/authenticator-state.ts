import { chmod, readFile, writeFile } from 'node:fs/promises';
import { z } from 'zod';

/** What the command-line authenticator keeps between runs: its key and how to reach the rSSP. */
export const authenticatorStateSchema = z.object({
  rsspApiUrl: z.string().url(),
  deviceId: z.string().uuid(),
  friendlyName: z.string(),
  /** `Authorization: Device <token>`: reads requests. */
  deviceToken: z.string(),
  /** The device's Ed25519 private key, PKCS#8 PEM: it never leaves this file. */
  privateKeyPem: z.string(),
});
export type AuthenticatorState = z.infer<typeof authenticatorStateSchema>;

/** Writes the state file readable and writable by its owner only (mode 0600). */
export async function writeState(path: string, state: AuthenticatorState): Promise<void> {
  await writeFile(path, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  await chmod(path, 0o600);
}

export async function readState(path: string): Promise<AuthenticatorState> {
  return authenticatorStateSchema.parse(JSON.parse(await readFile(path, 'utf8')));
}
