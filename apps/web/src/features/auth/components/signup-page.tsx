import {
  Anchor,
  Button,
  Checkbox,
  type ComboboxItem,
  type ComboboxItemGroup,
  Grid,
  Loader,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { PASSWORD_MIN_LENGTH } from '@pgel/shared/schemas/auth';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import type { CollegeOption } from '@pgel/shared/schemas/reference';
import { PHONE_LENGTH, REFERRAL_ID_LENGTH, SIGNUP_MESSAGES, SignupSchema } from '@pgel/shared/schemas/signup';
import { IconLock, IconMail, IconPhone, IconUser, IconUserCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthShell } from '../../../components/auth-shell';
import { showError, showMessage } from '../../../components/dialogs';
import { DigitsInput } from '../../../components/digits-input';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useColleges } from '../api/get-colleges';
import { useDepartment } from '../api/get-department';
import { useDepartments } from '../api/get-departments';
import { useSponsor } from '../api/get-sponsor';
import { useSignup } from '../api/signup';
import { TermsModal } from './terms-modal';

type SignupFormValues = {
  collegeId: string | null;
  departmentId: string | null;
  courseId: string | null;
  name: string;
  phone: string;
  email: string;
  password: string;
  confirmPassword: string;
  sponsor: string;
  acceptTerms: boolean;
};

/** Colleges grouped by state, so a long list stays easy to scan. */
function collegeOptions(colleges: CollegeOption[]): Array<ComboboxItemGroup<ComboboxItem, string>> {
  const byState = new Map<string, ComboboxItemGroup<ComboboxItem, string>>();
  for (const college of colleges) {
    const group = byState.get(college.state) ?? { group: college.state, items: [] };
    group.items.push({ value: college.id, label: college.name });
    byState.set(college.state, group);
  }
  return [...byState.values()].sort((a, b) => a.group.localeCompare(b.group));
}

/** /signup: student self-registration (spec 01 sections 2.6 and 5). */
export function SignupPage() {
  const navigate = useNavigate();
  const [termsOpened, terms] = useDisclosure(false);
  const signupMutation = useSignup();
  const form = useForm<SignupFormValues>({
    initialValues: {
      collegeId: null,
      departmentId: null,
      courseId: null,
      name: '',
      phone: '',
      email: '',
      password: '',
      confirmPassword: '',
      sponsor: '',
      acceptTerms: false,
    },
  });
  const { collegeId, departmentId, courseId, sponsor } = form.values;

  const colleges = useColleges();
  const departments = useDepartments(collegeId);
  const department = useDepartment(departmentId);
  const sponsorId = sponsor.trim();
  const sponsorCheck = useSponsor(sponsorId);
  const courses = department.data?.courses ?? [];

  // A department with a single course needs no choice.
  const onlyCourseId = courses.length === 1 ? courses[0]?.id : undefined;
  useEffect(() => {
    if (onlyCourseId && !courseId) form.setFieldValue('courseId', onlyCourseId);
  }, [onlyCourseId, courseId, form.setFieldValue]);

  const handleSubmit = form.onSubmit((values) => {
    const parsed = SignupSchema.safeParse({
      collegeId: values.collegeId ?? '',
      departmentId: values.departmentId ?? '',
      name: values.name,
      phone: values.phone,
      email: values.email,
      acceptTerms: values.acceptTerms,
      courseId: values.courseId ?? '',
      password: values.password,
      confirmPassword: values.confirmPassword,
      sponsor: values.sponsor.trim() === '' ? undefined : values.sponsor,
    });
    if (!parsed.success) {
      void showMessage({
        title: VALIDATION_TITLE,
        message: parsed.error.issues[0]?.message ?? SIGNUP_MESSAGES.allDetails,
        tone: 'error',
      });
      return;
    }
    signupMutation.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        navigate(paths.login);
        void showMessage({ title: SIGNUP_MESSAGES.successTitle, message, tone: 'success' });
      },
      onError: (error) => void showError(errorMessage(error)),
    });
  });

  const sponsorStatus = (() => {
    if (sponsorId.length !== REFERRAL_ID_LENGTH) return null;
    if (sponsorCheck.isFetching) {
      return (
        <Text size="sm" c="dimmed">
          Checking referral id…
        </Text>
      );
    }
    if (sponsorCheck.data) {
      return (
        <Text size="sm" c="teal.8" fw={500}>
          {SIGNUP_MESSAGES.sponsorValid(sponsorCheck.data.name)}
        </Text>
      );
    }
    if (sponsorCheck.isError) {
      return (
        <Text size="sm" c="red.7" fw={500}>
          {SIGNUP_MESSAGES.referral}
        </Text>
      );
    }
    return null;
  })();

  return (
    <AuthShell heading="Create your student account" wide>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Select
            label="College"
            placeholder={colleges.isPending ? 'Loading colleges…' : 'Select your college'}
            data={collegeOptions(colleges.data ?? [])}
            searchable
            nothingFoundMessage={colleges.isError ? errorMessage(colleges.error) : 'No college found'}
            rightSection={colleges.isPending ? <Loader size="xs" /> : undefined}
            value={collegeId}
            onChange={(value) => {
              form.setValues({ collegeId: value, departmentId: null, courseId: null });
            }}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Department"
            placeholder={collegeId ? 'Select your department' : 'Select a college first'}
            data={(departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
            searchable
            disabled={!collegeId}
            nothingFoundMessage={departments.isPending ? 'Loading…' : 'No department found'}
            rightSection={collegeId && departments.isFetching ? <Loader size="xs" /> : undefined}
            value={departmentId}
            onChange={(value) => form.setValues({ departmentId: value, courseId: null })}
          />
          <Select
            label="Course"
            placeholder={departmentId ? 'Select your course' : 'Select a department first'}
            data={courses.map((c) => ({ value: c.id, label: c.title }))}
            disabled={!departmentId}
            nothingFoundMessage={department.isPending ? 'Loading…' : 'No course found'}
            rightSection={departmentId && department.isFetching ? <Loader size="xs" /> : undefined}
            value={courseId}
            onChange={(value) => form.setFieldValue('courseId', value)}
          />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <TextInput
                label="Name"
                autoComplete="name"
                placeholder="Your full name"
                leftSection={<IconUser size={18} aria-hidden />}
                {...form.getInputProps('name')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6 }}>
              {/* Digits only, at most ten; a 0 or +91 before them is dropped, and an 11th digit
                  is explained under the field (issue 28). No native maxLength, which would cut a
                  pasted "98765-43210" before the dash is removed. */}
              <DigitsInput
                label="Phone"
                autoComplete="tel-national"
                placeholder="10-digit mobile number"
                leftSection={<IconPhone size={18} aria-hidden />}
                maxDigits={PHONE_LENGTH}
                indianMobile
                value={form.values.phone}
                onChange={(phone) => form.setFieldValue('phone', phone)}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextInput
                label="Email"
                type="email"
                inputMode="email"
                autoComplete="email"
                placeholder="you@example.com"
                leftSection={<IconMail size={18} aria-hidden />}
                {...form.getInputProps('email')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <PasswordInput
                label="Password"
                autoComplete="new-password"
                placeholder={`At least ${PASSWORD_MIN_LENGTH} characters`}
                leftSection={<IconLock size={18} aria-hidden />}
                {...form.getInputProps('password')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <PasswordInput
                label="Confirm Password"
                autoComplete="new-password"
                placeholder="Repeat your password"
                leftSection={<IconLock size={18} aria-hidden />}
                {...form.getInputProps('confirmPassword')}
              />
            </Grid.Col>
          </Grid>
          <div>
            <TextInput
              label="Referral ID"
              description="Optional: the referral id of the person who introduced you"
              placeholder={`${REFERRAL_ID_LENGTH} characters`}
              maxLength={REFERRAL_ID_LENGTH}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              leftSection={<IconUserCheck size={18} aria-hidden />}
              {...form.getInputProps('sponsor')}
            />
            <div aria-live="polite" style={{ marginTop: 6 }}>
              {sponsorStatus}
            </div>
          </div>
          <Checkbox
            mt={4}
            label={
              <>
                I accept the{' '}
                <Anchor
                  component="button"
                  type="button"
                  inherit
                  onClick={(event) => {
                    // Inside the label: open the terms without toggling the box.
                    event.preventDefault();
                    terms.open();
                  }}
                >
                  Terms &amp; Conditions
                </Anchor>
              </>
            }
            {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
          />
          <Button type="submit" fullWidth loading={signupMutation.isPending} mt="xs">
            Sign Up
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to={paths.login} fw={600}>
              Login
            </Anchor>
          </Text>
        </Stack>
      </form>
      <TermsModal
        opened={termsOpened}
        onClose={terms.close}
        onAccept={() => form.setFieldValue('acceptTerms', true)}
      />
    </AuthShell>
  );
}
