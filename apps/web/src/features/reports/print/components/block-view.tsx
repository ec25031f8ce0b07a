import {
  amendedMark,
  hasAmendedRows,
  PRINT_AMENDED_COLUMN,
  PRINT_MESSAGES,
  type PrintBlock,
  type PrintRow,
  unverifiedStatus,
} from '@pgel/shared/reports/print';
import classes from './logbook-document.module.css';

type TableBlock = Extract<PrintBlock, { type: 'table' }>;

/**
 * One table of rows; `withStatus` adds the Status column of the unverified table. An entry reset
 * since its verification is marked amended with the day (issue 27), as in the PDF: in that Status
 * column, or in an Amended column at the end of the verified table.
 */
function RowsTable({
  columns,
  rows,
  caption,
  label,
  withStatus = false,
}: {
  columns: readonly string[];
  rows: readonly PrintRow[];
  caption?: string;
  label?: string;
  withStatus?: boolean;
}) {
  const withAmended = !withStatus && hasAmendedRows(rows);
  return (
    <div className={classes.tableScroll}>
      <table className={classes.table} aria-label={caption ? undefined : label}>
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column, index) => (
              // Columns may repeat a name (two dates), so the position is part of the key.
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns never reorder.
              <th key={`${index}-${column}`} scope="col">
                {column}
              </th>
            ))}
            {withStatus ? <th scope="col">Status</th> : null}
            {withAmended ? <th scope="col">{PRINT_AMENDED_COLUMN}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {row.cells.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells follow the fixed columns.
                <td key={index}>{cell}</td>
              ))}
              {withStatus ? <td>{unverifiedStatus(row)}</td> : null}
              {withAmended ? <td>{amendedMark(row)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Verified rows first (the evidence), then the pending and rejected ones in a table of their
 * own, so nobody reads an unverified entry as verified.
 */
function TableBlockView({ block, sectionTitle }: { block: TableBlock; sectionTitle: string }) {
  const label = block.heading ?? sectionTitle;
  return (
    <>
      {block.verified.length > 0 ? (
        <RowsTable columns={block.columns} rows={block.verified} label={label} />
      ) : (
        <p className={classes.empty}>{PRINT_MESSAGES.noEntries}</p>
      )}
      {block.unverified.length > 0 ? (
        <div className={classes.unverified}>
          <RowsTable
            columns={block.columns}
            rows={block.unverified}
            caption={PRINT_MESSAGES.unverifiedCaption}
            withStatus
          />
        </div>
      ) : null}
    </>
  );
}

/** One block of a section: paragraphs, label/value fields or a table. */
export function BlockView({ block, sectionTitle }: { block: PrintBlock; sectionTitle: string }) {
  return (
    <div className={classes.block}>
      {block.heading ? <h3 className={classes.blockHeading}>{block.heading}</h3> : null}
      {block.type === 'paragraphs'
        ? block.paragraphs.map((text, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are fixed text in order.
            <p key={index} className={classes.paragraph}>
              {text}
            </p>
          ))
        : null}
      {block.type === 'fields' ? (
        <dl className={classes.fields}>
          {block.fields.map((field, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; the order is fixed.
            <div key={index} style={{ display: 'contents' }}>
              <dt>{field.label}</dt>
              <dd>{field.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {block.type === 'table' ? <TableBlockView block={block} sectionTitle={sectionTitle} /> : null}
    </div>
  );
}
