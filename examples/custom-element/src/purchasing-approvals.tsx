/**
 * `<purchasing-approvals>`: the approval queue of @purchasing/screens as a custom element, for pages
 * that are not React apps, and the approval review of one requisition when `requisition-id` is set.
 * Everything it renders, and all its CSS, lives in its (open) shadow root: the page's stylesheet does
 * not reach in, and Radix Themes' CSS does not leak out. Dialogs, popovers, selects and toasts render
 * into an element of the same shadow root (PortalContainerProvider), so they keep the theme too.
 *
 * Attributes: `api-base-url` (default `/api`), `link-base` (prefix of the queue's links, default none),
 * `appearance` (`light` or `dark`, default `light`), `requisition-id` (shows that requisition's review).
 * Property: `getAccessToken: () => Promise<string | null> | string | null`, the page's token getter;
 * the element renders once it is set, and starts over (new client and cache) when it is replaced.
 * Event: `purchasing:navigate` (bubbles, composed), `detail: { href, replace }`, when a plain click on a
 * link of the queue asks the page to go there (ctrl/middle-click opens the real link in a tab).
 * Event: `purchasing:decided` (bubbles, composed), `detail: { action, requisitionId, number }`, after
 * the approver's decision on the review was accepted (the review then asks to go back to the queue).
 */
import { createMemoryStore, createPurchasingClient, defaultQueryClientOptions } from '@purchasing/api-client';
import {
  type ApprovalDecision,
  ApprovalQueueScreen,
  ApprovalReviewScreen,
  defaultHrefs,
  type Hrefs,
  type Navigation,
  PurchasingProvider,
  SessionProvider,
  useSession,
} from '@purchasing/screens';
import { PortalContainerProvider, Spinner, Toaster } from '@purchasing/ui';
import { Callout, Flex, Theme } from '@radix-ui/themes';
import radixThemesCss from '@radix-ui/themes/styles.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';

type TokenGetter = () => Promise<string | null> | string | null;

// In a shadow root `:root` matches nothing: Radix Themes' root variables go on the host instead. The
// host takes nothing the page's body would pass down, and the root theme does not fill the viewport.
const shadowCss = `${radixThemesCss.replaceAll(':root', ':host')}
:host { all: initial; display: block; }
.radix-themes[data-is-root-theme='true'] { min-height: auto; }`;
// Chrome ignores @font-face in a shadow root: Radix's font aliases go to the document (they only name fonts).
const fontFaces = radixThemesCss.match(/@font-face\s*\{[^}]*\}/g)?.join('\n') ?? '';

interface ScreenProps {
  requisitionId: string | null;
  onDecided(decision: ApprovalDecision): void;
}

function ScreenOrMessage({ requisitionId, onDecided }: ScreenProps): ReactElement {
  const { status } = useSession();
  if (status === 'authenticated')
    return requisitionId ? (
      <ApprovalReviewScreen key={requisitionId} requisitionId={requisitionId} onDecided={onDecided} />
    ) : (
      <ApprovalQueueScreen />
    );
  if (status === 'loading')
    return (
      <Flex justify="center" p="6">
        <Spinner label="Loading your approvals" />
      </Flex>
    );
  return (
    <Callout.Root color="amber" m="4">
      <Callout.Text>Sign in to the intranet to see your approvals.</Callout.Text>
    </Callout.Root>
  );
}

class PurchasingApprovals extends HTMLElement {
  #getAccessToken: TokenGetter | undefined;
  #root: Root | undefined;
  #portalHost: HTMLElement | undefined;
  #session:
    | { client: ReturnType<typeof createPurchasingClient>; queryClient: QueryClient; key: number }
    | undefined;
  #sessions = 0;

  get getAccessToken(): TokenGetter | undefined {
    return this.#getAccessToken;
  }

  set getAccessToken(getter: TokenGetter | undefined) {
    this.#getAccessToken = getter;
    this.#session = undefined;
    this.#render();
  }

  connectedCallback(): void {
    // A page may set the property before this class is defined: take it over from the plain element.
    if (Object.hasOwn(this, 'getAccessToken')) {
      const getter = (this as { getAccessToken?: TokenGetter }).getAccessToken;
      delete (this as { getAccessToken?: TokenGetter }).getAccessToken;
      this.getAccessToken = getter;
    }
    if (fontFaces && !document.getElementById('purchasing-font-faces'))
      document.head.append(
        Object.assign(document.createElement('style'), {
          id: 'purchasing-font-faces',
          textContent: fontFaces,
        }),
      );
    this.#render();
  }

  disconnectedCallback(): void {
    this.#root?.unmount();
    this.#root = undefined;
  }

  static observedAttributes = ['api-base-url', 'link-base', 'appearance', 'requisition-id'];

  attributeChangedCallback(name: string): void {
    if (name === 'api-base-url') this.#session = undefined;
    this.#render();
  }

  #render(): void {
    const getter = this.#getAccessToken;
    if (!this.isConnected || !getter) return;
    if (!this.#root) {
      const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
      const style = Object.assign(document.createElement('style'), { textContent: shadowCss });
      const app = document.createElement('div');
      this.#portalHost = document.createElement('div');
      shadow.replaceChildren(style, app, this.#portalHost);
      this.#root = createRoot(app);
    }
    this.#session ??= {
      client: createPurchasingClient({
        baseUrl: this.getAttribute('api-base-url') ?? '/api',
        store: createMemoryStore(),
        getAccessToken: getter,
      }),
      queryClient: new QueryClient({ defaultOptions: defaultQueryClientOptions }),
      key: ++this.#sessions,
    };
    const { client, queryClient, key } = this.#session;
    const base = this.getAttribute('link-base') ?? '';
    const hrefs = Object.fromEntries(
      Object.entries(defaultHrefs).map(([key, href]) => [key, (id: string) => base + href(id)]),
    ) as unknown as Hrefs;
    const navigation: Navigation = {
      hrefs,
      navigate: (href, options) =>
        this.dispatchEvent(
          new CustomEvent('purchasing:navigate', {
            detail: { href, replace: options?.replace ?? false },
            bubbles: true,
            composed: true,
          }),
        ),
    };
    const onDecided = ({ action, requisition }: ApprovalDecision) =>
      this.dispatchEvent(
        new CustomEvent('purchasing:decided', {
          detail: { action, requisitionId: requisition.id, number: requisition.requisition_number },
          bubbles: true,
          composed: true,
        }),
      );
    this.#root.render(
      <Theme appearance={this.getAttribute('appearance') === 'dark' ? 'dark' : 'light'} accentColor="indigo">
        <PortalContainerProvider container={this.#portalHost ?? null}>
          <QueryClientProvider key={key} client={queryClient}>
            <PurchasingProvider client={client} navigation={navigation}>
              <SessionProvider>
                <ScreenOrMessage requisitionId={this.getAttribute('requisition-id')} onDecided={onDecided} />
              </SessionProvider>
            </PurchasingProvider>
          </QueryClientProvider>
          <Toaster />
        </PortalContainerProvider>
      </Theme>,
    );
  }
}

customElements.define('purchasing-approvals', PurchasingApprovals);

declare global {
  interface HTMLElementTagNameMap {
    'purchasing-approvals': PurchasingApprovals;
  }
}
