// Writes the configuration table into README.md between its markers: `npm run docs:config`.
import { readFileSync, writeFileSync } from 'node:fs';
import { renderConfigTable } from '../src/infra/config/config-docs';
import { readmePath, replaceConfigTable } from '../src/infra/config/readme-config-table';

writeFileSync(
  readmePath,
  replaceConfigTable(readFileSync(readmePath, 'utf8'), renderConfigTable()),
);
