import type { PrintLogbook } from '@pgel/shared/reports/print';
import classes from './logbook-document.module.css';

/** The cover: the college's logo and address, the student, the department and the period. */
export function CoverView({ logbook }: { logbook: PrintLogbook }) {
  const { student, college } = logbook;
  return (
    <div className={classes.cover}>
      {college.logoUrl ? (
        <img className={classes.logo} src={college.logoUrl} alt={`${college.name} logo`} />
      ) : null}
      <p className={classes.coverCollege}>{college.name}</p>
      <p className={classes.coverLine}>{[college.address, college.state].filter(Boolean).join(', ')}</p>
      <p className={classes.coverTitle}>Postgraduate Logbook</p>
      <p className={classes.coverName}>{student.name}</p>
      <p className={classes.coverLine}>{student.courseTitle}</p>
      <p className={classes.coverLine}>Department of {student.departmentName}</p>
      <p className={classes.coverLine}>
        Period: {student.joiningDate} to {student.periodTo}
      </p>
    </div>
  );
}
