import { Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { canPrintLogbooks, isStudent } from '@pgel/shared/auth/policies';
import { PRINT_MESSAGES } from '@pgel/shared/reports/print';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { showError } from '../../../components/dialogs';
import { DownloadButton } from '../../../components/download-button';
import { NoAccessPanel } from '../../../components/no-access-panel';
import { errorMessage } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/session';
import { printLogbookPdfUrl, printSheetPath, usePrintLogbook } from './api/get-print-logbook';
import { LogbookDocument } from './components/logbook-document';
import { PrintStudentPicker } from './components/print-student-picker';

const TITLE = 'Print Logbook';

/** The preview under the buttons: the same document the print window shows. */
function LogbookPreview({ studentId }: { studentId: string }) {
  const logbook = usePrintLogbook(studentId);
  if (logbook.data) {
    return (
      <Card withBorder radius="md" padding="md" bg="white" aria-label="Logbook preview" component="section">
        <LogbookDocument logbook={logbook.data} />
      </Card>
    );
  }
  if (logbook.isError) {
    return (
      <Text c="red.8" role="alert">
        {errorMessage(logbook.error)}
      </Text>
    );
  }
  return (
    <Center py="xl">
      <Loader aria-label="Loading the logbook" />
    </Center>
  );
}

/**
 * `/printLogbook` (spec 03 section 2): staff choose a student, a student prints their own. Print
 * opens the print-ready sheet in a new window (it prints itself); the verifiable PDF is a
 * download whose QR code leads to the public check.
 */
export function PrintLogbookPage() {
  const user = useSessionUser();
  const actor = {
    id: user.id,
    role: user.role,
    collegeId: user.college?.id ?? null,
    departmentId: user.department?.id ?? null,
  };
  const isStudentUser = isStudent(actor);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const studentId = isStudentUser ? user.id : chosenId;

  if (!canPrintLogbooks(actor)) {
    return <NoAccessPanel title={TITLE} message={PRINT_MESSAGES.notAllowed} />;
  }

  const openPrintWindow = () => {
    if (!studentId) {
      void showError(PRINT_MESSAGES.selectStudent, VALIDATION_TITLE);
      return;
    }
    // No 'noopener': with it window.open always answers null and a blocked pop-up goes unnoticed.
    const opened = window.open(printSheetPath(studentId), '_blank');
    if (!opened) void showError(PRINT_MESSAGES.printFailed);
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {TITLE}
      </Title>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          {isStudentUser ? (
            <Text>
              Student:{' '}
              <Text component="span" fw={600}>
                {user.name}
              </Text>
            </Text>
          ) : (
            <PrintStudentPicker value={chosenId} onChange={(student) => setChosenId(student?.id ?? null)} />
          )}
          <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap" style={{ maxWidth: 520 }}>
            <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={openPrintWindow}>
              Print Logbook
            </Button>
            {studentId ? (
              <DownloadButton url={printLogbookPdfUrl(studentId)} fileName="logbook.pdf">
                Download verifiable PDF
              </DownloadButton>
            ) : (
              <Button
                variant="light"
                leftSection={<IconDownload size={18} aria-hidden />}
                onClick={() => void showError(PRINT_MESSAGES.selectStudent, VALIDATION_TITLE)}
              >
                Download verifiable PDF
              </Button>
            )}
          </Group>
        </Stack>
      </Card>
      {studentId ? <LogbookPreview studentId={studentId} /> : null}
    </Stack>
  );
}
