import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { usePrintLogbook } from './api/get-print-logbook';
import { LogbookDocument } from './components/logbook-document';
import classes from './components/print-sheet.module.css';
import { waitForPrintAssets } from './components/wait-for-assets';

type PrintLogbookSheetPageProps = {
  /** Opens the browser's print dialog once the logbook is on screen (tests turn it off). */
  autoPrint?: boolean;
};

/**
 * `/printLogbook/:studentId/print`: the print-ready logbook, alone on the page (no app chrome),
 * opened in a new window by /printLogbook. It prints itself once when everything has loaded.
 */
export function PrintLogbookSheetPage({ autoPrint = true }: PrintLogbookSheetPageProps) {
  const { studentId = '' } = useParams();
  const logbook = usePrintLogbook(studentId);
  const documentRef = useRef<HTMLElement>(null);
  // Once per page: a refetch (focus, reconnect) must not open the dialog again.
  const printed = useRef(false);
  const data = logbook.data;

  useEffect(() => {
    if (!data) return;
    const previousTitle = document.title;
    // The browser proposes the title as the file name when the print is saved as PDF.
    document.title = `Logbook - ${data.student.name}`;
    return () => {
      document.title = previousTitle;
    };
  }, [data]);

  useEffect(() => {
    if (!autoPrint || !data || printed.current) return;
    const root = documentRef.current;
    if (!root) return;
    let cancelled = false;
    void waitForPrintAssets(root).then(() => {
      if (cancelled || printed.current) return;
      printed.current = true;
      window.print();
    });
    return () => {
      cancelled = true;
    };
  }, [autoPrint, data]);

  return (
    <main className={classes.sheet}>
      {data ? (
        <LogbookDocument logbook={data} ref={documentRef} />
      ) : logbook.isError ? (
        <p role="alert">{errorMessage(logbook.error)}</p>
      ) : (
        <p role="status">Loading the logbook…</p>
      )}
    </main>
  );
}
