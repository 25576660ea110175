import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { startServer } from './fixtures/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
  }
}

/** One real server for the whole end-to-end run; every test uses its own browser context. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('adminEmail', server.adminEmail);
  project.provide('adminPassword', server.adminPassword);
  return async () => {
    await server.stop();
  };
}
