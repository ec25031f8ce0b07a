import { Alert, Anchor } from '@mantine/core';
import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import { IconHourglassHigh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/**
 * Shown to a student whose account is not approved yet (`canWriteLogbook` is false) where the
 * logbook's add forms would be: why they cannot add entries, and where to speed it up (the
 * profile, with the ID proof and My Teachers).
 */
export function AwaitingApprovalNotice() {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconHourglassHigh size={20} aria-hidden />}
      title={RECORD_MESSAGES.awaitingApprovalTitle}
      // The yellow title on its light background falls short of 4.5:1; the text colour does not.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      {RECORD_MESSAGES.awaitingApproval}{' '}
      <Anchor component={Link} to={paths.profile} size="sm" fw={600}>
        Go to Profile
      </Anchor>
    </Alert>
  );
}
