// One lint configuration for every workspace; `npm run lint` runs it with --max-warnings 0.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Borders of the server (ARCHITECTURE.md): a service reaches another only through its published
// interface (`#<service>/public`); infra/ is below the services and knows them only in the
// composition root. Tests are white-box and exempt.
const services = ['idp', 'platform', 'rssp', 'rdss'];
const serverTests = ['apps/server/src/**/*.test.ts'];
/** An import of any module of these services but their `public` one. */
const internalsOf = (names) => `^#(${names.join('|')})/(?!public$)`;
const borders = (patterns) => ({ rules: { 'no-restricted-imports': ['error', { patterns }] } });
const serviceBorders = services.map((service) => ({
  files: [`apps/server/src/${service}/**/*.ts`],
  ignores: serverTests,
  ...borders([
    {
      regex: internalsOf(services.filter((other) => other !== service)),
      message: 'Another service only through its published interface, #<service>/public.',
    },
    {
      group: ['../*'],
      message: 'Outside this service only through #infra/* or #<service>/public.',
    },
  ]),
}));
const infraBorder = {
  files: ['apps/server/src/infra/**/*.ts'],
  ignores: [...serverTests, 'apps/server/src/infra/create-context.ts'],
  ...borders([
    {
      regex: `^#(${services.join('|')})/`,
      message:
        'infra/ is below the services; only the composition root (create-context.ts) wires them.',
    },
  ]),
};
const rootBorder = {
  files: ['apps/server/src/*.ts', 'apps/server/src/infra/create-context.ts'],
  ...borders([
    {
      regex: internalsOf(services),
      message:
        'The composition root reaches a service through its published interface, #<service>/public.',
    },
  ]),
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test/fixtures/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  ...serviceBorders,
  infraBorder,
  rootBorder,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
