import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'der', include: ['src/**/*.test.ts'] } });
