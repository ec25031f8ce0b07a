import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Center,
  Code,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { canAddTeachers } from '@pgel/shared/auth/policies';
import { roleLabel } from '@pgel/shared/roles';
import { choosesVerificationMail, type Profile } from '@pgel/shared/schemas/profile';
import { IconAlertTriangle, IconCircleCheck, IconClock } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/session';
import { BonafideCard } from '../../bonafide/components/bonafide-card';
import { MyInvoicesCard } from '../../commerce/invoices/components/my-invoices-card';
import { useProfile } from '../api/get-profile';
import { MyTeachersCard } from './my-teachers-card';
import { ProfileAlerts } from './profile-alerts';
import { ProfileForm } from './profile-form';
import { VerificationMailCard } from './verification-mail-card';

function ProfileSummary({ profile }: { profile: Profile }) {
  const isStudent = profile.role === null;
  const place = [profile.departmentName, profile.collegeName].filter(Boolean).join(', ');
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group wrap="nowrap" gap="md" align="center">
        <Avatar
          src={profile.profilePic?.url ?? null}
          alt={profile.profilePic ? 'Profile photo' : undefined}
          size={64}
          radius="xl"
          color="brand"
        >
          {profile.name.trim().charAt(0).toUpperCase()}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={650} size="lg" style={{ overflowWrap: 'anywhere' }}>
              {profile.name}
            </Text>
            {isStudent ? (
              profile.verifyByHod ? (
                <Badge
                  color="teal.9"
                  variant="filled"
                  leftSection={<IconCircleCheck size={14} aria-hidden />}
                >
                  Verified
                </Badge>
              ) : (
                <Badge color="gray.7" variant="filled" leftSection={<IconClock size={14} aria-hidden />}>
                  Not verified
                </Badge>
              )
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {roleLabel(profile.role)}
            {profile.courseTitle ? ` · ${profile.courseTitle}` : ''}
          </Text>
          {place ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {place}
            </Text>
          ) : null}
          {/* The user's own referral id, to pass on (issue 10). */}
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c="dimmed" id="referral-id-label">
              Referral ID
            </Text>
            <Code fz="sm" fw={600} aria-labelledby="referral-id-label">
              {profile.referralId}
            </Code>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

/** /profile: the signed-in user's own profile (spec 01 section 2.10). */
export function ProfilePage() {
  const profile = useProfile();
  const user = useSessionUser();
  const canAddTeacher = canAddTeachers({
    role: user.role,
    collegeId: user.college?.id ?? null,
    departmentId: user.department?.id ?? null,
  });

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Profile
      </Title>
      {profile.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading profile" />
        </Center>
      ) : profile.isError ? (
        <Alert color="red" variant="light" title="Error" icon={<IconAlertTriangle size={20} />}>
          <Stack gap="sm" align="flex-start">
            <span>{errorMessage(profile.error)}</span>
            <Button size="compact-sm" variant="light" color="red" onClick={() => void profile.refetch()}>
              Retry
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <ProfileAlerts profile={profile.data} />
          <ProfileSummary profile={profile.data} />
          {profile.data.role === null ? <BonafideCard /> : null}
          {profile.data.role === null ? <MyTeachersCard canAdd={canAddTeacher} /> : null}
          {profile.data.role === null ? <MyInvoicesCard /> : null}
          {choosesVerificationMail(profile.data) && profile.data.verificationMail ? (
            <VerificationMailCard mode={profile.data.verificationMail} />
          ) : null}
          <ProfileForm profile={profile.data} />
        </>
      )}
    </Stack>
  );
}
