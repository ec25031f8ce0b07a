import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { ACADEMIC_MESSAGES } from '@pgel/shared/academic/common';
import { THESIS_PAGES, type ThesisStage } from '@pgel/shared/academic/thesis';
import {
  type Actor,
  canDeleteRecord,
  canKeepAcademicRecords,
  canVerifyRecords,
  canWriteLogbook,
  isStaff,
} from '@pgel/shared/auth/policies';
import type { RecordListItem } from '@pgel/shared/records/api';
import { findKind } from '@pgel/shared/records/kinds';
import { isUuid } from '@pgel/shared/schemas/common';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { IconUserSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { FileViewerModal, type ViewableFile } from '../../../components/file-viewer';
import { StatusPanel } from '../../../components/status-panel';
import { errorMessage } from '../../../lib/api-client';
import { useLiveSearchParams } from '../../../lib/search-params';
import { useSessionUser } from '../../../lib/session';
import { useRecord } from '../../records/api/get-record';
import { AwaitingApprovalNotice } from '../../records/components/awaiting-approval-notice';
import { StudentFilter } from '../../records/components/student-filter';
import { useThesis } from '../api/get-thesis';
import { ReviewUploads } from './review-uploads';
import { ThesisSteps } from './thesis-steps';

function actorOf(user: SessionUser): Actor {
  return {
    id: user.id,
    role: user.role,
    collegeId: user.college?.id ?? null,
    departmentId: user.department?.id ?? null,
  };
}

function readRecordId(value: string | null): string | null {
  return value && isUuid(value) ? value : null;
}

/**
 * `/synopsis` (Thesis Synopsis) and `/thesisReview` (Thesis Review), one screen for both stages
 * (spec 03 sections 2, 4, 5): the student's steps, each written once, and the review uploads.
 * Staff pick a student of their department first and see it all read-only, approving uploads.
 */
export function ThesisPage({ stage }: { stage: ThesisStage }) {
  const user = useSessionUser();
  const actor = actorOf(user);
  const isStaffUser = isStaff(actor);
  const page = THESIS_PAGES[stage];
  // The steps and uploads are written only once the department approved the account; until then
  // the page says why (the server refuses such writes too).
  const canWrite =
    !isStaffUser && canWriteLogbook({ ...actor, verifyByHod: user.verifyByHod, paid: user.paid });
  const isAwaitingApproval = !isStaffUser && canKeepAcademicRecords(actor) && !canWrite;

  const [searchParams, setSearchParams] = useLiveSearchParams();
  const studentId = isStaffUser ? (searchParams.get('student') ?? undefined) : undefined;
  const setStudent = (value: string | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams();
      // A new student is a new list: its page and search start afresh.
      if (value) next.set('student', value);
      for (const [key, item] of current) if (key !== 'student' && !isListParam(key)) next.set(key, item);
      return next;
    });

  // A link to one upload (`?record={id}`: the dashboard's Pending Verifications, a notice) opens
  // its student's page: the upload names the student.
  const linkedRecordId = isStaffUser && !studentId ? readRecordId(searchParams.get('record')) : null;
  const linked = useRecord(linkedRecordId);
  const linkedStudentId = linked.data?.studentId;
  useEffect(() => {
    if (!linkedStudentId) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('record');
        next.set('student', linkedStudentId);
        return next;
      },
      { replace: true },
    );
  }, [linkedStudentId, setSearchParams]);

  const [viewing, setViewing] = useState<{ file: ViewableFile; title: string } | null>(null);
  const onViewFile = (file: ViewableFile, title: string) => setViewing({ file, title });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {page.title}
        </Title>
        {isStaffUser ? (
          <StudentFilter value={studentId ?? null} onChange={setStudent} placeholder="Select a student" />
        ) : null}
      </Group>
      {isAwaitingApproval ? <AwaitingApprovalNotice /> : null}
      {isStaffUser && !studentId ? (
        <Card withBorder radius="lg" padding="xl">
          <Stack align="center" gap="xs" ta="center">
            <IconUserSearch size={36} aria-hidden color="var(--mantine-color-gray-6)" />
            <Text fw={600}>{ACADEMIC_MESSAGES.studentRequired}</Text>
            <Text size="sm" c="dimmed">
              Choose a student above to see their {page.title.toLowerCase()}.
            </Text>
          </Stack>
        </Card>
      ) : (
        <StageContent
          // Another student's record is another screen: forms and open modals start afresh.
          key={studentId ?? 'own'}
          stage={stage}
          studentId={studentId}
          actor={actor}
          canWrite={canWrite}
          collegeId={user.college?.id ?? null}
          onViewFile={onViewFile}
        />
      )}
      <FileViewerModal file={viewing?.file ?? null} title={viewing?.title} onClose={() => setViewing(null)} />
    </Stack>
  );
}

const LIST_PARAMS = new Set(['page', 'pageSize', 'search', 'sort', 'order']);
function isListParam(key: string): boolean {
  return LIST_PARAMS.has(key);
}

function StageContent({
  stage,
  studentId,
  actor,
  canWrite,
  collegeId,
  onViewFile,
}: {
  stage: ThesisStage;
  studentId: string | undefined;
  actor: Actor;
  canWrite: boolean;
  collegeId: string | null;
  onViewFile: (file: ViewableFile, title: string) => void;
}) {
  const query = useThesis(stage, studentId);
  // The thesis proposes the synopsis's guide and co-guides (issue 28: they were asked again); the
  // student saves them as they are or changes them first. Without a synopsis, nothing is proposed.
  const wantsProposal = stage === 'thesis' && canWrite;
  const synopsis = useThesis('synopsis', studentId, { enabled: wantsProposal });
  const kind = findKind(THESIS_PAGES[stage].uploadKind);
  if (query.isPending || (wantsProposal && synopsis.isPending)) {
    return (
      <Card withBorder radius="lg" padding="xl">
        <StatusPanel status="loading" title="Loading…" />
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Card withBorder radius="lg" padding="xl">
        <StatusPanel
          status="error"
          title="Could not load"
          message={errorMessage(query.error)}
          actions={
            <Group justify="center">
              <Button variant="light" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </Group>
          }
        />
      </Card>
    );
  }
  const { student, thesis } = query.data;
  return (
    <Stack gap="lg">
      {isStaff(actor) ? (
        <Text size="sm" c="dimmed">
          Student:{' '}
          <Text span fw={600} c="var(--mantine-color-text)">
            {student.name}
          </Text>
        </Text>
      ) : null}
      <ThesisSteps
        stage={stage}
        thesis={thesis}
        proposal={wantsProposal ? (synopsis.data?.thesis ?? null) : null}
        canWrite={canWrite}
        collegeId={collegeId}
        onViewFile={onViewFile}
      />
      {kind ? (
        <ReviewUploads
          stage={stage}
          kind={kind}
          studentId={studentId}
          canUpload={canWrite}
          hasTitle={thesis?.title != null}
          isStaffView={isStaff(actor)}
          // Faculty of the department approve (the list holds only their department), never their own.
          canApprove={(row: RecordListItem) => canVerifyRecords(actor) && row.studentId !== actor.id}
          // The student writing their own deletes an upload nobody has verified yet.
          canDelete={(row: RecordListItem) => canWrite && canDeleteRecord(actor, row)}
          onViewFile={onViewFile}
        />
      ) : null}
    </Stack>
  );
}
