/**
 * Which modules the first signed-in pages need: a tree-shaken build (not written) of the signed-in
 * shell's and the first pages' modules (those boot.js asks for, vite.config.ts `bootPages`), whose output
 * names every module that kept code. vite.config.ts puts only these into the `signed-in` chunk, so a
 * cold list no longer downloads the forms' widgets, the CSV parser and their Radix parts (issue 19): a
 * module is in or out by what the pages really use, not by a folder's name, and the set cannot go stale.
 */
import react from '@vitejs/plugin-react';
import { build, defaultClientConditions, type Plugin } from 'vite';

/** The ids of the modules the given page modules keep after tree shaking, without query strings. */
export async function modulesUsedBy(root: string, pages: readonly string[]): Promise<Set<string>> {
  const used = new Set<string>();
  const collect: Plugin = {
    name: 'purchasing-first-pages',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(output.modules)) {
          if (module.renderedLength > 0) used.add(id.replace(/\?.*$/, ''));
        }
      }
    },
  };
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [react(), collect],
    resolve: { conditions: ['source', ...defaultClientConditions] },
    build: {
      write: false,
      minify: false,
      reportCompressedSize: false,
      rolldownOptions: {
        input: pages.map((page) => `${root}/src/pages/${page}.tsx`),
        // The pages' exports are what the app renders: keep them, and with them what they use.
        preserveEntrySignatures: 'exports-only',
      },
    },
  });
  if (used.size === 0) throw new Error('first-pages: the analysis build kept no module');
  return used;
}
