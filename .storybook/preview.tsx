import '@radix-ui/themes/styles.css';
import { Theme } from '@radix-ui/themes';
import type { Loader, Preview } from '@storybook/react-vite';
import type { RequestHandler } from 'msw';
import { setupWorker } from 'msw/browser';
import { configure } from 'storybook/test';

// The play functions' `findBy…` and `waitFor` wait 5 s (Testing Library's default is 1 s): on two cores
// shared with other work, a mocked answer and the render after it took longer (the unit tests wait 3 s).
configure({ asyncUtilTimeout: 5000 });

const worker = setupWorker();
let workerStarted: Promise<unknown> | null = null;

/**
 * Starts MSW once and installs the story's handlers (`parameters.msw.handlers`), so every story begins
 * from its own typed handlers and no request reaches a real server.
 */
const mswLoader: Loader = async (context) => {
  workerStarted ??= worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: './mockServiceWorker.js' },
  });
  await workerStarted;
  const handlers = (context.parameters.msw as { handlers?: RequestHandler[] } | undefined)?.handlers ?? [];
  worker.resetHandlers(...handlers);
  return {};
};

const preview: Preview = {
  loaders: [mswLoader],
  decorators: [
    (Story) => (
      <Theme accentColor="indigo" grayColor="slate" radius="medium">
        <Story />
      </Theme>
    ),
  ],
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Every story is also an accessibility test: an axe violation of WCAG 2.x A/AA fails it.
    a11y: {
      test: 'error',
      options: { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } },
    },
  },
};

export default preview;
