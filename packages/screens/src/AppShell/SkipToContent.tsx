import { type ReactElement, type RefObject, useState } from 'react';

/**
 * "Skip to content": the first Tab stop of every signed-in screen (issue 19, item 15), hidden until
 * it has the focus; it moves the focus to the screen's content, past the sidebar and the header.
 */
export function SkipToContent({ target }: { target: RefObject<HTMLElement | null> }): ReactElement {
  const [visible, setVisible] = useState(false);
  return (
    <button
      type="button"
      onFocus={() => setVisible(true)}
      onBlur={() => setVisible(false)}
      onClick={() => target.current?.focus()}
      style={
        visible
          ? {
              position: 'fixed',
              top: 'var(--space-2)',
              left: 'var(--space-2)',
              zIndex: 1000,
              padding: 'var(--space-2) var(--space-3)',
              background: 'var(--color-panel-solid)',
              color: 'var(--accent-11)',
              borderRadius: 'var(--radius-2)',
              boxShadow: 'var(--shadow-4)',
              border: 'none',
              font: 'inherit',
              fontWeight: 500,
              cursor: 'pointer',
            }
          : {
              position: 'absolute',
              width: 1,
              height: 1,
              padding: 0,
              border: 'none',
              overflow: 'hidden',
              clip: 'rect(0 0 0 0)',
              whiteSpace: 'nowrap',
            }
      }
    >
      Skip to content
    </button>
  );
}
