import { QueryClientProvider, QueryObserver, keepPreviousData } from '@tanstack/react-query';
import type { QueryObserverResult } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../app/i18n';
import { ApiError } from '../api/api-error';
import { createQueryClient } from '../api/query-client';
import { ListError } from './list-error';
import { listFailure, retryList } from './list-failure';

type Page = { rows: string[] };

const timeout = () =>
  new ApiError({ code: 'TIMEOUT', status: 0, message: 'Timeout of 4000 ms exceeded' });

/** The app's query client, and the results a list page would see one after another. */
function watch(key: string[], queryFn: () => Promise<Page>, client = createQueryClient()) {
  const observer = new QueryObserver<Page>(client, {
    queryKey: key,
    queryFn,
    placeholderData: keepPreviousData,
  });
  const results: QueryObserverResult<Page>[] = [];
  const stop = observer.subscribe((result) => results.push(result));
  stops.push(() => {
    stop();
    client.clear();
  });
  return { observer, results, client };
}

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe('a list whose call failed', () => {
  it('says so at the first timeout, while the query still retries, not after every retry', async () => {
    let calls = 0;
    const { results } = watch(['chains', 'TODO'], () => {
      calls += 1;
      return Promise.reject(timeout());
    });
    await expect.poll(() => results.at(-1)?.failureCount).toBe(1);
    const shown = results.at(-1)!;
    // The app retries a call that got no answer: the query is still pending.
    expect(shown.status).toBe('pending');
    expect(calls).toBe(1);
    expect(listFailure(shown)).toMatchObject({ code: 'TIMEOUT' });
  });

  it("shows the error in place of another filter's rows kept while loading", async () => {
    const client = createQueryClient();
    const first = watch(['chains', 'ALL'], async () => ({ rows: ['alpha.pdf'] }), client);
    await expect.poll(() => first.results.at(-1)?.data).toEqual({ rows: ['alpha.pdf'] });
    expect(listFailure(first.results.at(-1)!)).toBeNull();

    first.observer.setOptions({
      queryKey: ['chains', 'FAILED'],
      queryFn: () =>
        Promise.reject(
          new ApiError({ code: 'SERVER_ERROR', status: 500, message: 'Internal server error' }),
        ),
      placeholderData: keepPreviousData,
    });
    await expect.poll(() => first.results.at(-1)?.failureCount).toBeGreaterThan(0);
    const shown = first.results.at(-1)!;
    expect(shown.isPlaceholderData).toBe(true);
    expect(listFailure(shown)).toMatchObject({ code: 'SERVER_ERROR' });
  });

  it('keeps its own rows while a refresh retries, and says so once the refresh has failed', async () => {
    let fail = false;
    const { observer, results } = watch(['credentials'], () =>
      fail ? Promise.reject(timeout()) : Promise.resolve({ rows: ['key'] }),
    );
    await expect.poll(() => results.at(-1)?.data).toEqual({ rows: ['key'] });
    fail = true;
    void observer.refetch();
    await expect.poll(() => results.at(-1)?.failureCount).toBe(1);
    expect(listFailure(results.at(-1)!)).toBeNull();
    await expect.poll(() => results.at(-1)?.status, { timeout: 5_000 }).toBe('error');
    expect(listFailure(results.at(-1)!)).toMatchObject({ code: 'TIMEOUT' });
  });

  it('starts a fresh call on Retry while a retry waits out its timeout, instead of joining it', async () => {
    let isDown = true;
    let calls = 0;
    const { observer, results, client } = watch(['credentials', 'retry'], () => {
      calls += 1;
      if (calls === 1) return Promise.reject(timeout());
      // The server is back, but this attempt was sent while it was not: it hangs.
      if (isDown) return new Promise<Page>(() => undefined);
      return Promise.resolve({ rows: ['key'] });
    });
    await expect.poll(() => calls, { timeout: 5_000 }).toBe(2);
    const failure = listFailure(results.at(-1)!);
    expect(failure).toMatchObject({ code: 'TIMEOUT' });
    isDown = false;
    await retryList(client, failure!, () => observer.refetch());
    expect(calls).toBe(3);
    expect(results.at(-1)?.data).toEqual({ rows: ['key'] });
    expect(listFailure(results.at(-1)!)).toBeNull();
  });

  it("shows the list's words, the catalogue's message and Retry, in English and Hungarian", async () => {
    const render = async (language: 'en' | 'hu') =>
      renderToString(
        <QueryClientProvider client={createQueryClient()}>
          <I18nextProvider i18n={await createI18n(language)}>
            <ListError title="The list" error={timeout()} onRetry={async () => undefined} />
          </I18nextProvider>
        </QueryClientProvider>,
      );
    const english = await render('en');
    expect(english).toContain('data-testid="list-error"');
    expect(english).toContain('The list');
    expect(english).toContain('Timeout exceeded');
    expect(english).toContain('>Retry<');
    const hungarian = await render('hu');
    expect(hungarian).toContain('>Újra<');
    expect(hungarian).toContain('Az időkorlát lejárt');
  });
});
