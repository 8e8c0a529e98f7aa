import { Button, Callout } from '@purchasing/ui';
import type { ReactElement } from 'react';

/** The words of {@link FormNotices}: each screen's own. */
export interface FormNoticeWords {
  /** Shown to a member who may read but not change the record. */
  readOnly: string;
  /** Someone else saved first: the values shown are not the saved ones. */
  conflict: string;
  /** The conflict's action: read the saved values again. */
  reload: string;
}

/**
 * The notices above a settings-like form, in the order a reader needs them: read only, a save refused
 * because someone else saved first (with Reload), then the server's messages not tied to a field.
 */
export function FormNotices({
  words,
  canEdit,
  stale,
  onReload,
  problems,
}: {
  words: FormNoticeWords;
  canEdit: boolean;
  stale: boolean;
  onReload(): void;
  problems: readonly string[];
}): ReactElement {
  return (
    <>
      {canEdit ? null : <Callout variant="info">{words.readOnly}</Callout>}
      {stale ? (
        <Callout
          variant="warning"
          action={
            <Button type="button" variant="secondary" size="1" onClick={onReload}>
              {words.reload}
            </Button>
          }
        >
          {words.conflict}
        </Callout>
      ) : null}
      {problems.length > 0 ? <Callout variant="error">{problems.join(' · ')}</Callout> : null}
    </>
  );
}
