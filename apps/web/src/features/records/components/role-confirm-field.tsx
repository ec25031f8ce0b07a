import { Stack, Text } from '@mantine/core';
import { SKILL_ROLES } from '@pgel/shared/records/kinds';
import { changedRoleText, isSkillRole, type SkillRole } from '@pgel/shared/records/roles';
import { RadioCards } from './radio-cards';

type RoleConfirmFieldProps = {
  /** What the resident logged (null for an entry logged without one). */
  logged: SkillRole | null;
  value: SkillRole | null;
  onChange: (role: SkillRole) => void;
};

/**
 * The verifier's role (issue 27): the resident's logged role is already chosen, so leaving it
 * confirms it and one tap changes it; the same cards as the entry form's Role. A changed role says
 * so, as the detail will.
 */
export function RoleConfirmField({ logged, value, onChange }: RoleConfirmFieldProps) {
  const changed = changedRoleText(logged, value);
  return (
    <Stack gap={6}>
      <RadioCards
        label="Role"
        description={
          logged
            ? `Logged by the resident: ${logged}. Leave it to confirm, or tap the role you saw.`
            : 'No role was logged: tap the role you saw.'
        }
        options={SKILL_ROLES}
        value={value}
        onChange={(next) => {
          if (isSkillRole(next)) onChange(next);
        }}
      />
      {changed ? (
        <Text size="xs" fw={600} c="orange.9" aria-live="polite">
          Changed ({changed})
        </Text>
      ) : null}
    </Stack>
  );
}
