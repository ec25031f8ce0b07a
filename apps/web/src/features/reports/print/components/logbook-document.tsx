import type { PrintLogbook } from '@pgel/shared/reports/print';
import { authenticatedMonthsSection } from '@pgel/shared/supervision/month-authentication';
import type { Ref } from 'react';
import classes from './logbook-document.module.css';
import { SectionView } from './section-view';

/**
 * The whole printable logbook: the print sheet and the preview on /printLogbook render this
 * same tree (LogbookDocument -> SectionView -> BlockView), so the preview is what prints.
 */
export function LogbookDocument({ logbook, ref }: { logbook: PrintLogbook; ref?: Ref<HTMLElement> }) {
  return (
    <article ref={ref} className={classes.document} aria-label={`Logbook of ${logbook.student.name}`}>
      {logbook.sections.map((section) => (
        <SectionView key={section.key} section={section} logbook={logbook} />
      ))}
      {/* The months the guide authenticated (issue 30), after the logbook's own sections. */}
      <SectionView section={authenticatedMonthsSection(logbook.authenticatedMonths)} logbook={logbook} />
    </article>
  );
}
