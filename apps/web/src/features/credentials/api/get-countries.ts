import { queryOptions, useQuery } from '@tanstack/react-query';
import { countriesSchema } from '@signet/contracts/server';
import type { Country } from '@signet/contracts/server';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { credentialKeys } from './credential-keys';

export type CountryLocale = 'EN' | 'HU';

/** GET server/countries/{EN|HU}: the country select of the distinguished name. */
export function getCountries(
  client: ApiClient,
  locale: CountryLocale,
  signal?: AbortSignal,
): Promise<Country[]> {
  return client.get(`/api/v1/server/countries/${locale}`, { schema: countriesSchema, signal });
}

export function countriesQueryOptions(client: ApiClient, locale: CountryLocale) {
  return queryOptions({
    queryKey: credentialKeys.countries(locale),
    queryFn: ({ signal }) => getCountries(client, locale, signal),
    staleTime: Infinity,
  });
}

export function useCountries(locale: CountryLocale) {
  const client = useApiClient();
  return useQuery(countriesQueryOptions(client, locale));
}
