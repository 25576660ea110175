import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace; end-to-end tests have their own config in e2e/.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web'],
  },
});
