import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PortalContainerProvider } from '../PortalContainer';
import { Toaster, toast, toasterConfig } from './Toaster';

/** Advances fake time in small steps so react-hot-toast's effects can schedule their follow-up timers. */
function elapse(ms: number) {
  for (let spent = 0; spent < ms; spent += 100) {
    act(() => vi.advanceTimersByTime(100));
  }
}

describe('Toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.useRealTimers();
  });

  it('keeps the product settings: top-right, limit 20, z-index 9999, 4000/4000/2000 ms, loading persists', () => {
    expect(toasterConfig).toEqual({
      position: 'top-right',
      limit: 20,
      zIndex: 9999,
      durations: { blank: 4000, error: 4000, success: 2000, loading: Number.POSITIVE_INFINITY },
    });
  });

  it('removes a success toast after 2000 ms but keeps a plain toast until 4000 ms', () => {
    render(<Toaster />);
    act(() => {
      toast.success('Saved');
      toast('Plain note');
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    elapse(3500);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(screen.getByText('Plain note')).toBeInTheDocument();
    elapse(2000);
    expect(screen.queryByText('Plain note')).not.toBeInTheDocument();
  });

  it('keeps an error toast for 4000 ms and a loading toast until it is dismissed', () => {
    render(<Toaster />);
    let loadingId = '';
    act(() => {
      toast.error('Failed');
      loadingId = toast.loading('Working');
    });
    elapse(3900);
    expect(screen.getByText('Failed')).toBeInTheDocument();
    elapse(60_000);
    expect(screen.queryByText('Failed')).not.toBeInTheDocument();
    expect(screen.getByText('Working')).toBeInTheDocument();
    act(() => toast.dismiss(loadingId));
    elapse(2000);
    expect(screen.queryByText('Working')).not.toBeInTheDocument();
  });

  it('shows at most 20 toasts at once in a container above everything at the top right', () => {
    render(<Toaster />);
    act(() => {
      for (let i = 1; i <= 25; i += 1) toast(`Note ${i}`);
    });
    expect(screen.getAllByText(/^Note \d+$/)).toHaveLength(20);
    expect(screen.getByText('Note 25')).toBeInTheDocument();
    expect(screen.queryByText('Note 1')).not.toBeInTheDocument();
    const container = screen.getByText('Note 25').closest('[style*="z-index"]') as HTMLElement;
    expect(container.style.zIndex).toBe('9999');
    const wrapper = screen.getByText('Note 25').closest('[style*="right"]') as HTMLElement;
    expect(wrapper.style.right).toBe('0px');
    expect(wrapper.style.top).toBe('0px');
  });

  it("copies the toasts' rules into the shadow root its portal container lies in, and takes them away after", async () => {
    vi.useRealTimers();
    const host = document.body.appendChild(document.createElement('div'));
    const shadow = host.attachShadow({ mode: 'open' });
    const app = shadow.appendChild(document.createElement('div'));
    const portalHost = shadow.appendChild(document.createElement('div'));
    const view = render(
      <PortalContainerProvider container={portalHost}>
        <Toaster />
      </PortalContainerProvider>,
      { container: app },
    );
    act(() => {
      toast.success('Saved in the shadow');
    });
    const bar = await vi.waitFor(() => {
      const found = [...app.querySelectorAll('[role="status"]')].find((node) =>
        node.textContent?.includes('Saved in the shadow'),
      );
      expect(found).toBeDefined();
      return found as HTMLElement;
    });
    const rules = () =>
      Array.from(document.head.querySelectorAll('style#_goober'), (s) => s.textContent).join('\n');
    const original = rules();
    const barClass = [...(bar.parentElement?.classList ?? [])].find((name) => name.startsWith('go'));
    expect(barClass).toBeDefined();
    expect(original).toContain(`.${barClass}`);
    await vi.waitFor(() => {
      const copy = shadow.querySelector('style[data-purchasing-toasts]');
      expect(copy?.textContent).toBe(rules());
    });
    view.unmount();
    expect(shadow.querySelector('style[data-purchasing-toasts]')).toBeNull();
    host.remove();
  });

  it('adds no copy of the rules outside a shadow root', () => {
    render(
      <PortalContainerProvider container={document.body}>
        <Toaster />
      </PortalContainerProvider>,
    );
    act(() => {
      toast('Plain note');
    });
    expect(document.querySelector('style[data-purchasing-toasts]')).toBeNull();
  });
});
