import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** The lint messages the repository's own configuration gives `code` as if it were at `path`. */
async function lint(path: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: repoRoot });
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}/${path}` });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? ''}: ${m.message}`);
}

describe('service borders (lint rule)', () => {
  it("refuses a service importing another service's internals, and infra importing a service", async () => {
    expect(
      await lint(
        'apps/server/src/rssp/deliberate.ts',
        "import { findAccountById } from '#idp/account-store';\nexport const x = findAccountById;\n",
      ),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*published interface/)]);
    expect(
      await lint(
        'apps/server/src/platform/deliberate.ts',
        "import { x } from '../rssp/credential-store';\nexport const y = x;\n",
      ),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: /)]);
    expect(
      await lint(
        'apps/server/src/infra/deliberate.ts',
        "import { createUserDirectory } from '#platform/public';\nexport const y = createUserDirectory;\n",
      ),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*composition root/)]);
  });

  it('lets a service use another through its published interface, and infra', async () => {
    expect(
      await lint(
        'apps/server/src/platform/deliberate.ts',
        "import { idpAccountUrls } from '#idp/public';\nimport { AppError } from '#infra/app-error';\nexport const y = [idpAccountUrls, AppError];\n",
      ),
    ).toEqual([]);
  });
});

describe('room borders (lint rule)', () => {
  it("refuses a room reaching into another room's file, the service's root, or an infra room's file", async () => {
    const restricted = [expect.stringMatching(/^no-restricted-imports: /)];
    expect(
      await lint(
        'apps/server/src/rdss/signing/deliberate.ts',
        "import { findChain } from '../chains/chain-reads';\nexport const x = findChain;\n",
      ),
    ).toEqual(restricted);
    expect(
      await lint(
        'apps/server/src/rdss/signing/deliberate.ts',
        "import { rdssPlugin } from '../rdss-plugin';\nexport const x = rdssPlugin;\n",
      ),
    ).toEqual(restricted);
    expect(
      await lint(
        'apps/server/src/rdss/rdss-plugin-deliberate.ts',
        "import { chainRoutes } from './chain-actions/chain-routes';\nexport const x = chainRoutes;\n",
      ),
    ).toEqual(restricted);
    expect(
      await lint(
        'apps/server/src/rssp/devices/deliberate.ts',
        "import { rowsOf } from '#infra/database/json-rows';\nexport const x = rowsOf;\n",
      ),
    ).toEqual(restricted);
    expect(
      await lint(
        'packages/pades/src/asic/deliberate.ts',
        "import { PdfError } from '../pdf/errors';\nexport const x = PdfError;\n",
      ),
    ).toEqual(restricted);
  });

  it('lets a room use another through its face, and its own files directly', async () => {
    expect(
      await lint(
        'apps/server/src/rdss/signing/deliberate.ts',
        "import { findChain } from '../chains';\nimport { signChains } from './sign-service';\nimport { rowsOf } from '#infra/database';\nexport const x = [findChain, signChains, rowsOf];\n",
      ),
    ).toEqual([]);
  });
});
