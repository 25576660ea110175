import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

/**
 * The entry script is small and imports the app's code dynamically (it first sends the calls of
 * the first screen, `src/app/early-requests.ts`). This adds `<link rel="modulepreload">` for that
 * code and the chunks it imports to index.html, so the browser fetches them beside the entry
 * instead of after it (decision 010).
 */
export function preloadAppCode(): Plugin {
  return {
    name: 'signet-preload-app-code',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return [];
        const files = new Set<string>();
        const add = (fileName: string) => {
          const target = bundle[fileName];
          if (target?.type !== 'chunk' || files.has(fileName) || fileName === chunk.fileName) {
            return;
          }
          files.add(fileName);
          for (const imported of (target as Rollup.OutputChunk).imports) add(imported);
        };
        for (const imported of chunk.dynamicImports) {
          if (/[\\/]start-app-[^/\\]*\.js$/.test(imported)) add(imported);
        }
        return [...files].map((fileName): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head',
        }));
      },
    },
  };
}
