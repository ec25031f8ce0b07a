import { PRINT_MESSAGES, type PrintLogbook, type PrintSection } from '@pgel/shared/reports/print';
import { BlockView } from './block-view';
import { CoverView } from './cover-view';
import classes from './logbook-document.module.css';

/** One of the 22 sections (or the annexure): its title as an h2, then its blocks. */
export function SectionView({ section, logbook }: { section: PrintSection; logbook: PrintLogbook }) {
  const isCover = section.key === 'cover';
  return (
    <section className={classes.section} aria-labelledby={`print-section-${section.key}`}>
      <h2 id={`print-section-${section.key}`} className={classes.sectionTitle}>
        {section.title}
      </h2>
      {isCover ? <CoverView logbook={logbook} /> : null}
      {section.blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks come in a fixed order.
        <BlockView key={index} block={block} sectionTitle={section.title} />
      ))}
      {!isCover && section.blocks.length === 0 ? (
        <p className={classes.empty}>{PRINT_MESSAGES.noEntries}</p>
      ) : null}
    </section>
  );
}
