import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { renderConfigTable } from './config-docs';
import { readmePath, replaceConfigTable } from './readme-config-table';

describe('configuration', () => {
  it('README.md carries the current configuration table (npm run docs:config -w apps/server)', () => {
    const readme = readFileSync(readmePath, 'utf8');
    expect(replaceConfigTable(readme, renderConfigTable())).toBe(readme);
  });

  it('stops with a message naming the variable when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ THEME: '{"primary":1}' })).toThrow(/THEME/);
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com/realms/x' })).toThrow(
      /OIDC_AUDIENCE: required with OIDC_ISSUER/,
    );
  });

  it('fills every default and derives the issuer from the public URL', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.oidcIssuer).toBe('http://localhost:8080/oidc');
    expect(config.embeddedIdp).toBe(true);
    const external = loadConfig({
      OIDC_ISSUER: 'https://id.example.com/realms/x',
      OIDC_AUDIENCE: 'signet-api',
    });
    expect(external.embeddedIdp).toBe(false);
  });
});
