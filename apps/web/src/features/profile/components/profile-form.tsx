import {
  Avatar,
  Button,
  Card,
  Divider,
  Grid,
  Group,
  Loader,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { roleLabel } from '@pgel/shared/roles';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import {
  BLOOD_GROUPS,
  MEDICAL_COUNCILS,
  PROFILE_MESSAGES,
  type Profile,
  UNIVERSITIES,
  type UpdateProfileInput,
  UpdateProfileSchema,
  VACCINATION_STATUSES,
} from '@pgel/shared/schemas/profile';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type ReactNode, useCallback, useState } from 'react';
import { DateField, todayIso } from '../../../components/date-field';
import { showError, showMessage } from '../../../components/dialogs';
import { FileUpload } from '../../../components/file-upload';
import { FileViewer, type ViewableFile } from '../../../components/file-viewer';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { isApiError } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/session';
import { useTeachers } from '../api/get-teachers';
import { useUpdateProfile } from '../api/update-profile';

/** The form's values: the API's input, with empty text as '' while editing. */
type ProfileFormValues = {
  name: string;
  dob: string | null;
  bloodGroup: string | null;
  vaccinationStatus: string | null;
  registrationNumber: string;
  medicalCouncil: string | null;
  validUpto: string | null;
  address: string;
  joiningDate: string | null;
  regDate: string | null;
  university: string | null;
  universityRollNo: string;
  collegeRollNo: string;
  fatherName: string;
  motherName: string;
  unitHeadId: string | null;
  profilePicFileId: string | null;
  idProofFileId: string | null;
};

function toFormValues(profile: Profile): ProfileFormValues {
  return {
    name: profile.name,
    dob: profile.dob,
    bloodGroup: profile.bloodGroup,
    vaccinationStatus: profile.vaccinationStatus,
    registrationNumber: profile.registrationNumber ?? '',
    medicalCouncil: profile.medicalCouncil,
    validUpto: profile.validUpto,
    address: profile.address ?? '',
    joiningDate: profile.joiningDate,
    regDate: profile.regDate,
    university: profile.university,
    universityRollNo: profile.universityRollNo ?? '',
    collegeRollNo: profile.collegeRollNo ?? '',
    fatherName: profile.fatherName ?? '',
    motherName: profile.motherName ?? '',
    unitHeadId: profile.unitHeadId,
    profilePicFileId: profile.profilePic?.id ?? null,
    idProofFileId: profile.idProof?.id ?? null,
  };
}

const emptyToNull = (value: string) => (value.trim() === '' ? null : value);

/** What is sent: every field, null for empty (the server's schema checks it again). */
function toInput(values: ProfileFormValues, isStudent: boolean): Record<keyof UpdateProfileInput, unknown> {
  return {
    name: values.name,
    dob: values.dob,
    bloodGroup: values.bloodGroup,
    vaccinationStatus: values.vaccinationStatus,
    registrationNumber: emptyToNull(values.registrationNumber),
    medicalCouncil: values.medicalCouncil,
    validUpto: values.validUpto,
    address: emptyToNull(values.address),
    joiningDate: values.joiningDate,
    regDate: values.regDate,
    university: values.university,
    universityRollNo: emptyToNull(values.universityRollNo),
    collegeRollNo: emptyToNull(values.collegeRollNo),
    fatherName: emptyToNull(values.fatherName),
    motherName: emptyToNull(values.motherName),
    // Staff have no unit head.
    unitHeadId: isStudent ? values.unitHeadId : null,
    profilePicFileId: values.profilePicFileId,
    idProofFileId: values.idProofFileId,
  };
}

/** Shown in the failure dialog: the server's own message for a refused request, else the spec's. */
function saveErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return error.message;
  return PROFILE_MESSAGES.failed;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Divider label={title} labelPosition="left" styles={{ label: { fontSize: 14, fontWeight: 600 } }} />
      <Grid gap="md">{children}</Grid>
    </Stack>
  );
}

/** One field's cell: one column on a phone, two on a tablet, three on a desktop. */
function Cell({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return <Grid.Col span={wide ? 12 : { base: 12, sm: 6, lg: 4 }}>{children}</Grid.Col>;
}

const bloodGroupOptions = [...BLOOD_GROUPS];
const councilOptions = [...MEDICAL_COUNCILS];
const universityOptions = [...UNIVERSITIES];
const readOnlyProps = { readOnly: true, variant: 'filled' } as const;
const uploadedText = 'Uploaded. Save the profile to keep it.';

/** Edit Profile (spec 01 sections 2.10 and 3), for students and staff alike. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const user = useSessionUser();
  const isStudent = profile.role === null;
  const today = todayIso();
  const form = useForm<ProfileFormValues>({ initialValues: toFormValues(profile) });
  const save = useUpdateProfile();
  const teachers = useTeachers({ enabled: isStudent });

  const [photo, setPhoto] = useState<ViewableFile | null>(profile.profilePic);
  const [idProof, setIdProof] = useState<ViewableFile | null>(profile.idProof);
  const [isPhotoBusy, setPhotoBusy] = useState(false);
  const [isIdProofBusy, setIdProofBusy] = useState(false);
  const isUploading = isPhotoBusy || isIdProofBusy;
  const onPhotoBusy = useCallback((busy: boolean) => setPhotoBusy(busy), []);
  const onIdProofBusy = useCallback((busy: boolean) => setIdProofBusy(busy), []);

  const teacherOptions = (teachers.data ?? []).map((t) => ({
    value: t.id,
    label: `${t.name} (${roleLabel(t.role)})`,
  }));
  // The chosen unit head may no longer be listed (moved, or the list failed): keep them choosable.
  const currentUnitHead = form.values.unitHeadId;
  if (currentUnitHead && !teacherOptions.some((o) => o.value === currentUnitHead)) {
    const name = user.unitHead?.id === currentUnitHead ? user.unitHead.name : 'Current unit head';
    teacherOptions.unshift({ value: currentUnitHead, label: name });
  }

  const handleSubmit = form.onSubmit((values) => {
    const parsed = UpdateProfileSchema.safeParse(toInput(values, isStudent));
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (field && !errors[field]) errors[field] = issue.message;
      }
      form.setErrors(errors);
      void showMessage({
        title: VALIDATION_TITLE,
        message: parsed.error.issues[0]?.message ?? PROFILE_MESSAGES.failed,
        tone: 'error',
      });
      return;
    }
    form.clearErrors();
    save.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        form.resetDirty();
        void showMessage({
          title: PROFILE_MESSAGES.successTitle,
          message: message || PROFILE_MESSAGES.success,
          tone: 'success',
        });
      },
      onError: (error) => void showError(saveErrorMessage(error)),
    });
  });

  const dateProps = (field: 'dob' | 'validUpto' | 'joiningDate' | 'regDate') => {
    const { value, onChange, error, onBlur, onFocus } = form.getInputProps(field);
    return { value: value as string | null, onChange, error, onBlur, onFocus };
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="form" onSubmit={handleSubmit} noValidate>
      <Stack gap="xl">
        <Title order={2} size="h3">
          Edit Profile
        </Title>

        <Section title="Account">
          <Cell>
            <TextInput label="Name" autoComplete="name" maxLength={120} {...form.getInputProps('name')} />
          </Cell>
          <Cell>
            <TextInput label="Phone" value={profile.phone ?? ''} placeholder="N/A" {...readOnlyProps} />
          </Cell>
          <Cell>
            <TextInput label="Email" value={profile.email} {...readOnlyProps} />
          </Cell>
          <Cell>
            <TextInput
              label="College"
              value={profile.collegeName ?? ''}
              placeholder="N/A"
              {...readOnlyProps}
            />
          </Cell>
          <Cell>
            <TextInput
              label="Department"
              value={profile.departmentName ?? ''}
              placeholder="N/A"
              {...readOnlyProps}
            />
          </Cell>
          <Cell>
            <TextInput
              label="Course"
              value={profile.courseTitle ?? ''}
              placeholder="N/A"
              {...readOnlyProps}
            />
          </Cell>
        </Section>

        <Section title="Personal details">
          <Cell>
            <DateField
              label="Date of Birth"
              maxDate={today}
              defaultLevel={profile.dob ? 'month' : 'decade'}
              {...dateProps('dob')}
            />
          </Cell>
          <Cell>
            <Select
              label="Blood Group"
              placeholder="Select"
              data={bloodGroupOptions}
              clearable
              {...form.getInputProps('bloodGroup')}
            />
          </Cell>
          <Cell>
            <Radio.Group label="Vaccination Status" {...form.getInputProps('vaccinationStatus')}>
              <Group gap="xl" mt={10}>
                {VACCINATION_STATUSES.map((status) => (
                  <Radio key={status} value={status} label={status} size="md" />
                ))}
              </Group>
            </Radio.Group>
          </Cell>
          <Cell>
            <TextInput label="Father's Name" maxLength={120} {...form.getInputProps('fatherName')} />
          </Cell>
          <Cell>
            <TextInput label="Mother's Name" maxLength={120} {...form.getInputProps('motherName')} />
          </Cell>
          <Cell wide>
            <GrowingTextarea
              label="Address"
              autoComplete="street-address"
              minRows={2}
              maxRows={5}
              maxLength={500}
              size="md"
              {...form.getInputProps('address')}
            />
          </Cell>
        </Section>

        <Section title="Registration">
          <Cell>
            <TextInput
              label="Registration Number"
              maxLength={50}
              {...form.getInputProps('registrationNumber')}
            />
          </Cell>
          <Cell>
            <Select
              label="Medical Council"
              placeholder="Search or select"
              data={councilOptions}
              searchable
              clearable
              nothingFoundMessage="No council found"
              {...form.getInputProps('medicalCouncil')}
            />
          </Cell>
          <Cell>
            <DateField label="Valid Up To" {...dateProps('validUpto')} />
          </Cell>
          <Cell>
            <DateField label="Registration Date" maxDate={today} {...dateProps('regDate')} />
          </Cell>
        </Section>

        <Section title="Academic">
          <Cell>
            <DateField label="Joining Date" maxDate={today} {...dateProps('joiningDate')} />
          </Cell>
          <Cell>
            <Select
              label="University"
              placeholder="Search or select"
              data={universityOptions}
              searchable
              clearable
              nothingFoundMessage="No university found"
              {...form.getInputProps('university')}
            />
          </Cell>
          <Cell>
            <TextInput
              label="University Roll No"
              maxLength={50}
              {...form.getInputProps('universityRollNo')}
            />
          </Cell>
          <Cell>
            <TextInput label="College Roll No" maxLength={50} {...form.getInputProps('collegeRollNo')} />
          </Cell>
          {isStudent ? (
            <Cell>
              <Select
                label="Unit Head"
                placeholder={teachers.isPending ? 'Loading teachers…' : 'Select your unit head'}
                data={teacherOptions}
                searchable
                clearable
                nothingFoundMessage={teachers.isError ? PROFILE_MESSAGES.failed : 'No teacher found'}
                rightSection={teachers.isFetching ? <Loader size="xs" /> : undefined}
                {...form.getInputProps('unitHeadId')}
              />
            </Cell>
          ) : null}
        </Section>

        <Section title="Documents">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Group align="flex-start" wrap="nowrap" gap="md">
              <Avatar
                src={photo?.url ?? null}
                alt={photo ? 'Profile photo preview' : undefined}
                size={88}
                radius="md"
                color="brand"
              >
                {profile.name.trim().charAt(0).toUpperCase()}
              </Avatar>
              <div style={{ flex: 1, minWidth: 0 }}>
                <FileUpload
                  label="Profile Photo"
                  purpose="profile_photo"
                  description="Images only (JPEG, PNG, WebP or GIF)"
                  currentName={photo?.originalName}
                  uploadedText={uploadedText}
                  onUploaded={(file) => {
                    setPhoto(file);
                    form.setFieldValue('profilePicFileId', file.id);
                  }}
                  onRemove={() => {
                    setPhoto(null);
                    form.setFieldValue('profilePicFileId', null);
                  }}
                  onBusyChange={onPhotoBusy}
                />
              </div>
            </Group>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <FileUpload
              label="College ID Proof"
              purpose="id_proof"
              description="An image or a PDF"
              currentName={idProof?.originalName}
              uploadedText={uploadedText}
              onUploaded={(file) => {
                setIdProof(file);
                form.setFieldValue('idProofFileId', file.id);
              }}
              onRemove={() => {
                setIdProof(null);
                form.setFieldValue('idProofFileId', null);
              }}
              onBusyChange={onIdProofBusy}
            />
          </Grid.Col>
          {idProof ? (
            <Grid.Col span={12}>
              <Text size="sm" fw={500} mb={6}>
                College ID Proof preview
              </Text>
              <FileViewer file={idProof} maxImageHeight={320} />
            </Grid.Col>
          ) : null}
        </Section>

        <Group justify="flex-end">
          <Button
            type="submit"
            loading={save.isPending}
            disabled={isUploading}
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            w={{ base: '100%', xs: 'auto' }}
            miw={160}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
