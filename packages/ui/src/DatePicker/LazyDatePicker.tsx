import { Flex, Skeleton, Text } from '@radix-ui/themes';
import { createContext, lazy, type ReactElement, Suspense, useContext } from 'react';
import type { DatePickerProps } from './DatePicker';

/**
 * The date picker's module, fetched on first use: with react-day-picker and date-fns it is about 34 KB
 * gzipped and a quarter of a second of a throttled phone's main thread (issue 12), which a list screen
 * would otherwise pay on every load for a filter panel that is usually closed.
 */
const loadDatePicker = () => import('./DatePicker');

const DatePickerModule = lazy(() => loadDatePicker().then((module) => ({ default: module.DatePicker })));

/**
 * Starts fetching the date picker's code (e.g. when a pointer reaches the 'Filters' toggle), so the
 * fields are ready when the panel opens; resolves once it has loaded. It never rejects: a failure is
 * left for the field itself to meet.
 */
export function preloadDatePicker(): Promise<void> {
  return loadDatePicker().then(
    () => {},
    () => {},
  );
}

/**
 * True inside a container that is hidden and has never been shown (a closed filter panel): its lazy
 * date fields keep their placeholder and do not fetch their code until it opens.
 */
export const DeferLazyFieldsContext = createContext(false);

/** What a lazy date field shows until its code has loaded: its label and a field-sized skeleton. */
function DatePickerPlaceholder({ label }: { label: string }): ReactElement {
  return (
    <Flex direction="column" gap="1" aria-hidden>
      <Text as="div" size="2" weight="medium">
        {label}
      </Text>
      <Skeleton height="var(--space-7)" />
    </Flex>
  );
}

/**
 * {@link DatePicker} with its code loaded on first render (or when a closed panel around it first
 * opens); until then a placeholder of its size stands in. Same props and behaviour once loaded: tests
 * and readers find the field with `findBy…` queries.
 */
export function LazyDatePicker(props: DatePickerProps): ReactElement {
  const deferred = useContext(DeferLazyFieldsContext);
  const placeholder = <DatePickerPlaceholder label={props.label} />;
  if (deferred) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <DatePickerModule {...props} />
    </Suspense>
  );
}
