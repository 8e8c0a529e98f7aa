import { Flex, Spinner as RadixSpinner } from '@radix-ui/themes';
import type { ReactElement } from 'react';

/** Props of {@link Spinner}. */
export interface SpinnerProps {
  /** What is loading, announced to assistive technology. Defaults to 'Loading...'. */
  label?: string;
  /** Radix size step: '1' small, '2' medium, '3' large. */
  size?: '1' | '2' | '3';
}

/** An animated spinner with `role="status"` and an accessible label. */
export function Spinner({ label = 'Loading...', size = '2' }: SpinnerProps): ReactElement {
  return (
    <span role="status" aria-label={label} style={{ display: 'inline-flex' }}>
      <RadixSpinner size={size} />
    </span>
  );
}

/** Props of {@link FullPageSpinner}. */
export interface FullPageSpinnerProps {
  /** What is loading, announced to assistive technology. Defaults to 'Loading...'. */
  label?: string;
}

/** A large spinner centred in the viewport, for whole-page loading (e.g. while the session loads). */
export function FullPageSpinner({ label = 'Loading...' }: FullPageSpinnerProps): ReactElement {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', width: '100%' }}>
      <Spinner label={label} size="3" />
    </Flex>
  );
}
