// One lint configuration for every workspace; `npm run lint` runs it with --max-warnings 0.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Borders of the server (ARCHITECTURE.md): a service reaches another only through its published
// interface (`#<service>/public`); infra/ is below the services and knows them only in the
// composition root. Inside a service, each capability folder (a room) shows the others one face,
// its index.ts: a room reaches another as `../<room>`, never a file inside it, and never the
// service's root files (the plugin and public.ts that wire the rooms). Tests are white-box and
// exempt.
const services = ['idp', 'platform', 'rssp', 'rdss'];
const serverTests = ['apps/server/src/**/*.test.ts'];
/** An import of any module of these services but their `public` one. */
const internalsOf = (names) => `^#(${names.join('|')})/(?!public$)`;
const borders = (patterns) => ({ rules: { 'no-restricted-imports': ['error', { patterns }] } });
/** The .ts files directly in a folder of the server, without their extension. */
const rootFiles = (folder) =>
  readdirSync(new URL(`apps/server/src/${folder}/`, import.meta.url))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => name.slice(0, -'.ts'.length));
const intoRoom = (prefix) => ({
  regex: `^${prefix}[^/]+/`,
  message: 'Another room only through its face, index.ts: ../<room>, not ../<room>/<file>.',
});
const infraRoomFile = {
  regex: '^#infra/[^/]+/',
  message: 'A room of infra only through its face: #infra/<room>, not #infra/<room>/<file>.',
};
const serviceBorders = services.flatMap((service) => {
  const otherServices = {
    regex: internalsOf(services.filter((other) => other !== service)),
    message: 'Another service only through its published interface, #<service>/public.',
  };
  return [
    {
      files: [`apps/server/src/${service}/*.ts`],
      ignores: serverTests,
      ...borders([
        otherServices,
        infraRoomFile,
        {
          regex: '^\\.\\./',
          message: 'Outside this service only through #infra/* or #<service>/public.',
        },
        intoRoom('\\./'),
      ]),
    },
    {
      files: [`apps/server/src/${service}/*/**/*.ts`],
      ignores: serverTests,
      ...borders([
        otherServices,
        infraRoomFile,
        {
          regex: '^\\.\\./\\.\\./',
          message: 'Outside this service only through #infra/* or #<service>/public.',
        },
        intoRoom('\\.\\./'),
        {
          regex: `^\\.\\./(${rootFiles(service).join('|')})$`,
          message: "A room does not import the service's root files, which wire the rooms.",
        },
      ]),
    },
  ];
});
const infraToServices = {
  regex: `^#(${services.join('|')})/`,
  message:
    'infra/ is below the services; only the composition root (create-context.ts) wires them.',
};
const infraBorders = [
  {
    files: ['apps/server/src/infra/*.ts'],
    ignores: [...serverTests, 'apps/server/src/infra/create-context.ts'],
    ...borders([infraToServices, infraRoomFile, intoRoom('\\./')]),
  },
  {
    files: ['apps/server/src/infra/*/**/*.ts'],
    ignores: serverTests,
    ...borders([infraToServices, infraRoomFile, intoRoom('\\.\\./')]),
  },
];
const rootBorder = {
  files: ['apps/server/src/*.ts', 'apps/server/src/infra/create-context.ts'],
  ...borders([
    {
      regex: internalsOf(services),
      message:
        'The composition root reaches a service through its published interface, #<service>/public.',
    },
    infraRoomFile,
    intoRoom('\\./'),
  ]),
};
// Rooms of the PAdES engine (packages/pades/src/<room>/): a file reaches another room only through
// its index, `../<room>`, and never the package root, which imports every room.
const padesRooms = {
  files: ['packages/pades/src/*/**/*.ts'],
  ignores: ['packages/pades/src/**/*.test.ts'],
  ...borders([
    intoRoom('\\.\\./'),
    {
      regex: '^\\.\\.(/index)?$',
      message: 'A room does not import the package root (src/index.ts), which imports every room.',
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
  ...infraBorders,
  rootBorder,
  padesRooms,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
