import type { ReactNode } from 'react';
import { LongText } from '../kit/detail/Field';

export { Muted } from '../kit/detail/Field';

/** A multi-line value as written, or 'Not specified' (the detail kit's word for a missing value). */
export const longText = (value: string | null | undefined): ReactNode => <LongText value={value} />;
