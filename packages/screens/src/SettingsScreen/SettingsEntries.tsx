import { Card, Flex, Grid, Link, Text } from '@radix-ui/themes';
import { ChevronRight } from 'lucide-react';
import type { ReactElement } from 'react';
import { Panel } from '../kit/detail/Panel';
import { useLinkProps } from '../PurchasingProvider';

/** One entry of the settings page that leads to another settings screen of the host. */
export interface SettingsEntry {
  /** The screen's name, e.g. 'Exchange Rates'. */
  label: string;
  /** One short line on what is set there. */
  description: string;
  /** Where it is (the host's route). */
  href: string;
}

function EntryCard({ entry }: { entry: SettingsEntry }): ReactElement {
  const link = useLinkProps(entry.href);
  return (
    <Card asChild size="2">
      <Link {...link} underline="none" color="gray" highContrast>
        <Flex align="center" justify="between" gap="3">
          <Flex direction="column" gap="1" minWidth="0">
            <Text weight="medium" color="blue">
              {entry.label}
            </Text>
            <Text size="2" color="gray">
              {entry.description}
            </Text>
          </Flex>
          <ChevronRight size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
        </Flex>
      </Link>
    </Card>
  );
}

/** The other settings screens the host offers this person (none: the section is left out). */
export function SettingsEntries({ entries }: { entries: readonly SettingsEntry[] }): ReactElement | null {
  if (entries.length === 0) return null;
  return (
    <Panel title="More Settings" description="Rules and lists kept on their own pages.">
      <Grid columns={{ initial: '1', sm: '2' }} gap="3">
        {entries.map((entry) => (
          <EntryCard key={entry.href} entry={entry} />
        ))}
      </Grid>
    </Panel>
  );
}
