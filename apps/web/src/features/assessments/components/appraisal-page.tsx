import { Stack } from '@mantine/core';
import { useAppraisals } from '../api/get-appraisals';
import { AppraisalForm } from './appraisal-form';
import { AppraisalHistory } from './appraisal-history';
import {
  AssessmentHeader,
  ChooseStudentNotice,
  QueryState,
  Section,
  useAssessmentViewer,
} from './assessment-frame';

const TITLE = 'Quarterly Appraisal Form';

/**
 * /appeal (spec 03 sections 2, 5, 6, 9): faculty pick a student, score a quarter on the 8-row
 * grid and see the student's saved quarters below; Master and Admin read them; a student sees
 * their own, read-only. No floating add button here (navigation.ts).
 */
export function AppraisalPage() {
  const viewer = useAssessmentViewer();
  const hasStudent = !viewer.isStaffUser || viewer.studentId !== null;
  const saved = useAppraisals(viewer.studentId, { enabled: hasStudent });

  return (
    <Stack gap="lg">
      <AssessmentHeader title={TITLE} viewer={viewer} />
      {/* A new student starts a fresh form: nothing typed for one is saved for another. */}
      {viewer.canScore ? (
        <AppraisalForm
          key={viewer.studentId ?? 'none'}
          studentId={viewer.studentId}
          onSaved={viewer.clearEntry}
        />
      ) : null}
      {hasStudent ? (
        <Section title={saved.data ? `Saved appraisals: ${saved.data.student.name}` : 'Saved appraisals'}>
          <QueryState isPending={saved.isPending} error={saved.error} onRetry={() => void saved.refetch()}>
            <AppraisalHistory items={saved.data?.items ?? []} linkedId={viewer.entryId} />
          </QueryState>
        </Section>
      ) : (
        <ChooseStudentNotice />
      )}
    </Stack>
  );
}
