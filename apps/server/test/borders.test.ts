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
