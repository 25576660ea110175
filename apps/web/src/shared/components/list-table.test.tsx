import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../app/i18n';
import { ListTable } from './list-table';

/** The pager's text of a first page of 10 rows, rendered as the browser would get it. */
async function pagerText(
  language: 'en' | 'hu',
  total: number,
  totalIsLowerBound: boolean,
  state: { isLoading: boolean; isEmpty: boolean } = { isLoading: false, isEmpty: false },
) {
  const i18n = await createI18n(language);
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <ListTable
        label="chains"
        testId="chains"
        columns={['name'] as const}
        columnLabel={(column) => column}
        sortFieldOf={() => undefined}
        query={{ 'sort-field': 'name', 'sort-order': 'asc', 'page-num': 1, 'page-size': 10 }}
        total={total}
        totalIsLowerBound={totalIsLowerBound}
        isLoading={state.isLoading}
        isEmpty={state.isEmpty}
        emptyText="Nothing here"
        onSort={() => undefined}
        onPage={() => undefined}
        onPageSize={() => undefined}
      >
        {null}
      </ListTable>
    </I18nextProvider>,
  );
  const label = /class="[^"]*MuiTablePagination-displayedRows[^"]*"[^>]*>([^<]*)</.exec(html)?.[1];
  const next = /<button[^>]*aria-label="Go to the next page"[^>]*>/.exec(html)?.[0] ?? '';
  // Hungarian groups thousands (from 10 000 on) with a no-break space.
  return {
    label: label?.replace(/\u00a0/g, ' '),
    nextOpen: next !== '' && !/ disabled=""/.test(next),
    html,
  };
}

describe('the list pager', () => {
  it('says "of more than" a total the server stopped counting at, in English and Hungarian', async () => {
    const english = await pagerText('en', 1000, true);
    expect(english.label).toBe('1–10 of more than 1,000');
    expect(english.nextOpen).toBe(true);
    expect((await pagerText('hu', 1000, true)).label).toBe('1–10 / több mint 1000');
  });

  it('says the exact total otherwise', async () => {
    expect((await pagerText('en', 1001, false)).label).toBe('1–10 of 1001');
    expect((await pagerText('en', 10, false)).nextOpen).toBe(false);
  });

  it('says Loading… while the first page is on its way, not "0–0 of 0" or the empty text', async () => {
    const loading = await pagerText('en', 0, false, { isLoading: true, isEmpty: true });
    expect(loading.label).toBe('');
    expect(loading.html).toContain('data-testid="list-loading"');
    expect(loading.html).toContain('Loading…');
    expect(loading.html).not.toContain('Nothing here');
    const hungarian = await pagerText('hu', 0, false, { isLoading: true, isEmpty: true });
    expect(hungarian.html).toContain('Betöltés…');

    const empty = await pagerText('en', 0, false, { isLoading: false, isEmpty: true });
    expect(empty.label).toBe('0–0 of 0');
    expect(empty.html).toContain('Nothing here');
    expect(empty.html).not.toContain('list-loading');
  });
});
