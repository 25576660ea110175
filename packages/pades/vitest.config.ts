import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'pades',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60000,
    hookTimeout: 120000,
    globalSetup: ['test/global-setup.ts'],
  },
});
