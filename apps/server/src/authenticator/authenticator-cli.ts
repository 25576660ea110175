import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { approveNext, enroll } from './authenticator-client';

const usage = `Signet command-line authenticator
  npm run authenticator -- enroll <link> --state <file> [--name <friendly name>]
  npm run authenticator -- approve --state <file> [--deny] [--timeout <seconds, default 60>]`;

/** `npm run` starts in the repository root: a relative path is the caller's (INIT_CWD). */
const fromCaller = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      state: { type: 'string' },
      name: { type: 'string' },
      deny: { type: 'boolean', default: false },
      timeout: { type: 'string', default: '60' },
      help: { type: 'boolean', default: false },
    },
  });
  const [command, link] = positionals;
  if (values.help || !command || !values.state) {
    console.log(usage);
    return values.help ? 0 : 64;
  }
  const statePath = fromCaller(values.state);
  if (command === 'enroll') {
    if (!link) {
      console.log(usage);
      return 64;
    }
    const state = await enroll({
      link,
      statePath,
      ...(values.name ? { friendlyName: values.name } : {}),
    });
    console.log(
      `Enrolled as “${state.friendlyName}” (device ${state.deviceId}); key kept in ${statePath}`,
    );
    return 0;
  }
  if (command === 'approve') {
    const timeoutSecs = Number(values.timeout);
    const result = await approveNext({
      statePath,
      deny: values.deny,
      timeoutMs: (Number.isFinite(timeoutSecs) && timeoutSecs > 0 ? timeoutSecs : 60) * 1000,
      print: (text) => console.log(text),
    });
    if (!result) {
      console.error('No request arrived for this device.');
      return 2;
    }
    return 0;
  }
  console.log(usage);
  return 64;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
