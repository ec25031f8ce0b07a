import { Alert, Fieldset, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { RECORD_MESSAGES, type RecordListItem } from '@pgel/shared/records/api';
import { isSkillRole, loggedRole, type SkillRole } from '@pgel/shared/records/roles';
import {
  SIGN_OFF_MAX,
  SIGN_OFF_MESSAGES,
  SignOffRecordSchema,
  type SignOffResponse,
} from '@pgel/shared/records/sign-off';
import type { RecordKind } from '@pgel/shared/records/types';
import { IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { showError } from '../../../components/dialogs';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { useFormDialogSubmit, validateOrWarn } from '../../../components/use-form-dialog-submit';
import { useSignOffRecords } from '../api/sign-off-records';
import { RECORD_FAILURE } from './record-dialogs';
import { formatDate } from './record-format';
import { RoleConfirmField } from './role-confirm-field';
import classes from './sign-off-modal.module.css';
import {
  commonScoring,
  initialVerifyValues,
  scoringFor,
  showVerifyRequired,
  toVerifyInput,
  unscoredRows,
  VerifyFields,
  type VerifyValues,
} from './verify-fields';
import { summaryOf } from './verify-modal';

type SignOffModalProps = {
  kind: RecordKind;
  /** The resident's pending entries to sign off (one, or a selection of up to SIGN_OFF_MAX). */
  records: readonly RecordListItem[];
  opened: boolean;
  /** Opened over another dialog (the entry's detail): Escape closes this one only. */
  nested?: boolean;
  onClose: () => void;
  /** After the server verified them all: who signed, and how many. */
  onSignedOff: (result: SignOffResponse) => void;
};

/** The faculty member's credentials: checked with the shared request schema's own fields. */
const CredentialsSchema = SignOffRecordSchema.pick({ email: true, password: true });

/**
 * Sign off now (issue 30): on the resident's phone, the faculty member beside them enters their
 * own e-mail and password, then the verdict, score and feedback as in the Action modal. The
 * request goes with the resident's session and signs nobody in: the resident stays signed in as
 * themselves. The password lives in this form only while it is open.
 */
export function SignOffModal({ kind, records, opened, nested, onClose, onSignedOff }: SignOffModalProps) {
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={SIGN_OFF_MESSAGES.title}
      size="lg"
      closeOnEscape={false}
      nested={nested}
      closeOnClickOutside={false}
    >
      {opened && records.length > 0 ? (
        <SignOffForm kind={kind} records={records} onClose={onClose} onSignedOff={onSignedOff} />
      ) : null}
    </FormDialog>
  );
}

function SignOffForm({ kind, records, onClose, onSignedOff }: Omit<SignOffModalProps, 'opened' | 'nested'>) {
  const [only] = records;
  const single = records.length === 1 ? only : undefined;
  const scoring = commonScoring(records.map((record) => scoringFor(kind, record.details)));
  const [values, setValues] = useState<VerifyValues>(() => initialVerifyValues(scoring));
  const [markUnscored, setMarkUnscored] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // One entry that logs the resident's role: the faculty member confirms or changes it, as in
  // the Action modal; in a selection each role is confirmed as logged (issue 27).
  const logged = single ? loggedRole(kind, single.details) : null;
  const [role, setRole] = useState<SkillRole | null>(() =>
    single && isSkillRole(single.confirmedRole) ? single.confirmedRole : logged,
  );
  const signOff = useSignOffRecords();
  const { submit, isPending } = useFormDialogSubmit(signOff, {
    onClose,
    onSuccess: onSignedOff,
    failure: RECORD_FAILURE,
  });

  const send = () => {
    const credentials = validateOrWarn(
      CredentialsSchema,
      { email, password },
      RECORD_MESSAGES.fallback,
      setFieldErrors,
    );
    if (!credentials) return;
    if (records.length > SIGN_OFF_MAX) {
      void showError(SIGN_OFF_MESSAGES.tooMany);
      return;
    }
    const verdict = scoring ? toVerifyInput(values, scoring) : null;
    if (!verdict) {
      setMarkUnscored(true);
      void showVerifyRequired(
        kind.verifyMessages?.required ?? RECORD_MESSAGES.verifyAllFields,
        unscoredRows(values, scoring),
      );
      return;
    }
    submit({
      ...credentials,
      ...verdict,
      ...(single && kind.role && role ? { confirmedRole: role } : {}),
      recordIds: records.map((record) => record.id),
    });
  };

  return (
    <div className={classes.form}>
      <DialogForm
        onSubmit={send}
        onCancel={onClose}
        submitLabel={SIGN_OFF_MESSAGES.submit}
        isPending={isPending}
        submitDisabled={!scoring}
        label={SIGN_OFF_MESSAGES.title}
      >
        <Alert variant="light" color="brand" icon={<IconSignature size={20} aria-hidden />} p="sm">
          <Text size="sm">{SIGN_OFF_MESSAGES.intro}</Text>
        </Alert>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} aria-live="polite">
          {single
            ? [kind.menuTitle, summaryOf(kind, single), formatDate(single.date)].filter(Boolean).join(' · ')
            : `${kind.menuTitle} · ${records.length} entries selected`}
        </Text>
        <Fieldset legend={SIGN_OFF_MESSAGES.credentialsLegend} variant="filled" p="sm">
          <Stack gap="sm">
            <TextInput
              label={SIGN_OFF_MESSAGES.emailLabel}
              type="email"
              inputMode="email"
              withAsterisk
              // Someone else's account on this phone: the browser must neither fill nor keep it.
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              data-lpignore="true"
              data-1p-ignore
              value={email}
              error={fieldErrors.email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <PasswordInput
              label={SIGN_OFF_MESSAGES.passwordLabel}
              withAsterisk
              autoComplete="off"
              data-lpignore="true"
              data-1p-ignore
              value={password}
              error={fieldErrors.password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
          </Stack>
        </Fieldset>
        {single && kind.role ? <RoleConfirmField logged={logged} value={role} onChange={setRole} /> : null}
        {!single && kind.role ? (
          <Text size="sm" c="dark.4">
            Each entry's role is confirmed as the resident logged it.
          </Text>
        ) : null}
        {scoring ? (
          <VerifyFields
            scoring={scoring}
            values={values}
            onChange={setValues}
            markUnscored={markUnscored}
            verdicts={kind.verdicts}
          />
        ) : (
          <Alert color="orange" variant="light">
            The selected entries are scored differently (different training types). Select entries of one
            training type to sign them off together.
          </Alert>
        )}
      </DialogForm>
    </div>
  );
}
