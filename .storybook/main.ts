import type { StorybookConfig } from '@storybook/react-vite';
import { defaultClientConditions, mergeConfig } from 'vite';

/** One Storybook for @purchasing/ui and @purchasing/screens. */
const config: StorybookConfig = {
  stories: [
    // The docs pages first, so the sidebar opens on Embedding.
    '../packages/screens/src/docs/*.mdx',
    '../packages/ui/src/**/*.stories.@(ts|tsx)',
    '../packages/screens/src/**/*.stories.@(ts|tsx)',
  ],
  framework: { name: '@storybook/react-vite', options: {} },
  // addon-vitest runs every story as a Chromium test (.storybook/vitest.config.ts); addon-a11y runs axe
  // on each one (preview.tsx sets `a11y.test: 'error'`, so a violation fails the test); addon-docs renders
  // the MDX pages (Embedding, Theming) and the `autodocs` API tables from the components' prop types.
  addons: ['@storybook/addon-vitest', '@storybook/addon-a11y', '@storybook/addon-docs'],
  // MSW's mockServiceWorker.js (from `npx msw init .storybook/generated --no-save`; biome skips generated/),
  // so the typed MSW handlers answer the screens' API calls in the browser.
  staticDirs: [{ from: './generated', to: '/' }],
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    return mergeConfig(viteConfig, {
      // Resolve the sibling packages from source, like tsc and vitest do.
      resolve: { conditions: ['source', ...defaultClientConditions] },
      build: {
        rollupOptions: {
          onwarn(
            warning: { code?: string; message: string },
            warn: (w: { code?: string; message: string }) => void,
          ) {
            // Radix's "use client" directives are meaningless in a client bundle.
            if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
            warn(warning);
          },
        },
      },
    });
  },
};

export default config;
