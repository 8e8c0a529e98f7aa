import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from '../Modal';
import { SelectDropdown } from '../SelectDropdown';
import { PortalContainerProvider, usePortalContainer } from './PortalContainer';

const hosts: HTMLElement[] = [];

/**
 * A host element with an open shadow root holding the element React renders into (`app`) and the one
 * the portals should render into (`portalHost`), as a custom element would have them.
 */
function shadowRootWithPortalHost(): { app: HTMLElement; portalHost: HTMLElement } {
  const host = document.createElement('div');
  document.body.append(host);
  hosts.push(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const app = document.createElement('div');
  const portalHost = document.createElement('div');
  shadow.append(app, portalHost);
  return { app, portalHost };
}

/** What usePortalContainer answered at the last render of {@link Probe}. */
let seen: unknown = 'unset';
function Probe() {
  seen = usePortalContainer();
  return null;
}

afterEach(() => {
  for (const host of hosts.splice(0)) host.remove();
});

describe('PortalContainerProvider', () => {
  it('renders an open dialog into the given container, inside a shadow root, not into the body', () => {
    const { app, portalHost } = shadowRootWithPortalHost();
    render(
      <PortalContainerProvider container={portalHost}>
        <Modal title="Bulk Import" open>
          <p>Upload a CSV file.</p>
        </Modal>
      </PortalContainerProvider>,
      { container: app },
    );
    const dialog = within(portalHost).getByRole('dialog', { name: 'Bulk Import' });
    expect(dialog).toHaveTextContent('Upload a CSV file.');
    expect(dialog.getRootNode()).toBeInstanceOf(ShadowRoot);
    // Radix Themes wraps portalled content in its theme, so the shadow root's `.radix-themes` CSS applies.
    expect(dialog.closest('.radix-themes')).not.toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("renders a select dropdown's listbox into the given container", async () => {
    const { app, portalHost } = shadowRootWithPortalHost();
    render(
      <PortalContainerProvider container={portalHost}>
        <SelectDropdown label="Department" options={[{ value: 'fin', label: 'Finance' }]} />
      </PortalContainerProvider>,
      { container: app },
    );
    await userEvent.click(within(app).getByRole('combobox', { name: 'Department' }));
    const listbox = within(portalHost).getByRole('listbox', { name: 'Department' });
    expect(within(listbox).getByRole('option', { name: 'Finance' })).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it("keeps Radix's default (the document's body) without a provider", () => {
    render(
      <>
        <Probe />
        <Modal title="Bulk Import" open>
          <p>Upload a CSV file.</p>
        </Modal>
      </>,
    );
    expect(seen).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Bulk Import' }).parentElement?.closest('body')).toBe(
      document.body,
    );
  });
});
