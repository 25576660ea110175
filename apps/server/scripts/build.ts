// Compiles the server into one ES module, dist/server.js, that plain `node` runs (decision 008),
// and the PDF threads' entry beside it, dist/pdf-worker.js (decision 022).
// The workspace packages (@signet/*) and the "#infra/*"-style aliases are TypeScript source, so
// they are bundled in; every npm dependency stays an import of node_modules, as it is from source
// (PGlite finds its WebAssembly and pino its workers next to their own modules).
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'esbuild';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const outDir = `${serverDir}dist`;

/** Bare imports stay external unless they name a workspace package. */
const externalDependencies: Plugin = {
  name: 'external-dependencies',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./#]/ }, (args) =>
      args.path.startsWith('@signet/') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm(outDir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: serverDir,
  // The PDF threads' entry is a file of its own beside the server (rdss/pdf-pool.ts finds it).
  entryPoints: { server: 'src/server.ts', 'pdf-worker': 'src/rdss/pdf-work/pdf-worker.ts' },
  outdir: outDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  plugins: [externalDependencies],
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(
  `apps/server/dist: ${Object.keys(result.metafile.inputs).length} modules, ${bytes} bytes`,
);
