import { Stack } from '@mantine/core';
import { useAetcom } from '../api/get-aetcom';
import { AetcomForm } from './aetcom-form';
import { AetcomHistory } from './aetcom-history';
import {
  AssessmentHeader,
  ChooseStudentNotice,
  QueryState,
  Section,
  useAssessmentViewer,
} from './assessment-frame';

const TITLE = 'Aetcom';

/**
 * /atcom (spec 03 sections 2, 5, 6, 9): faculty pick a student and score a year of AETCOM
 * skills; the student's earlier years are listed below; Master and Admin read them; a student
 * sees their own, read-only. No floating add button here (navigation.ts).
 */
export function AetcomPage() {
  const viewer = useAssessmentViewer();
  const hasStudent = !viewer.isStaffUser || viewer.studentId !== null;
  const saved = useAetcom(viewer.studentId, { enabled: hasStudent });

  return (
    <Stack gap="lg">
      <AssessmentHeader title={TITLE} viewer={viewer} />
      {viewer.canScore ? (
        <AetcomForm
          key={viewer.studentId ?? 'none'}
          studentId={viewer.studentId}
          nextYear={hasStudent ? (saved.data?.nextYear ?? null) : null}
          suggestedFromDate={hasStudent ? (saved.data?.nextFromDate ?? null) : null}
          onSaved={viewer.clearEntry}
        />
      ) : null}
      {hasStudent ? (
        <Section title={saved.data ? `Aetcom records: ${saved.data.student.name}` : 'Aetcom records'}>
          <QueryState isPending={saved.isPending} error={saved.error} onRetry={() => void saved.refetch()}>
            <AetcomHistory items={saved.data?.items ?? []} linkedId={viewer.entryId} />
          </QueryState>
        </Section>
      ) : (
        <ChooseStudentNotice />
      )}
    </Stack>
  );
}
