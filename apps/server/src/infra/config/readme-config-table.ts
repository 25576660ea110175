import { fileURLToPath } from 'node:url';

export const readmePath = fileURLToPath(new URL('../../../../../README.md', import.meta.url));

const start = '<!-- config-table:start -->';
const end = '<!-- config-table:end -->';

/** The README with the text between the config-table markers replaced by `table`. */
export function replaceConfigTable(readme: string, table: string): string {
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error('README.md lacks the config-table markers');
  return `${readme.slice(0, from + start.length)}\n${table}\n${readme.slice(to)}`;
}
