import type { Config } from '#infra/config';

/**
 * The embedded provider's account pages for the remote config (`changePasswordURL`,
 * `deleteAccountURL`); empty strings when an external issuer is used.
 */
export function idpAccountUrls(config: Pick<Config, 'embeddedIdp' | 'oidcIssuer'>): {
  changePasswordURL: string;
  deleteAccountURL: string;
} {
  if (!config.embeddedIdp) return { changePasswordURL: '', deleteAccountURL: '' };
  return {
    changePasswordURL: `${config.oidcIssuer}/account/password`,
    deleteAccountURL: `${config.oidcIssuer}/account/delete`,
  };
}
