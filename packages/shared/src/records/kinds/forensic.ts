import type { ColumnDef, FieldDef, RecordKind } from '../types';

/** Spec 03 section 5: every text field, by its label. */
export const forensicRequired = (label: string) =>
  label === PMR_DOC_LABEL ? FORENSIC_MESSAGES.pmrDoc : `Please fill in the "${label}" field.`;

export const FORENSIC_MESSAGES = {
  pmrDoc: 'Please Upload PMR Doc',
  notForensic: 'These records are kept only by the Forensic Medicine department.',
} as const;

/** Spec 03 section 9. */
export const SEX_OPTIONS = ['Male', 'Female', 'Other'] as const;

const PMR_DOC_LABEL = 'Upload PMR Document';

const text = (name: string, label: string, maxLength = 300): FieldDef => ({
  name,
  label,
  input: 'text',
  required: true,
  maxLength,
});
const textarea = (name: string, label: string): FieldDef => ({
  name,
  label,
  input: 'textarea',
  required: true,
  maxLength: 4000,
});

/** Fields every forensic record opens with: the post-mortem report and the deceased. */
const pmrNo: FieldDef = { ...text('pmrNo', 'PMR No', 100), caseNumber: true };
const pmrDate: FieldDef = { name: 'date', label: 'PMR Date', input: 'date', required: true };
// The deceased's name identifies a person: kept with the patient fields (sensitive_details).
const deceasedName: FieldDef = { ...text('name', 'Name', 200), sensitive: true, patientName: true };
const age: FieldDef = {
  name: 'age',
  label: 'Age',
  input: 'number',
  min: 0,
  max: 130,
  integer: true,
  required: true,
};
const sex: FieldDef = { name: 'sex', label: 'Sex', input: 'select', options: SEX_OPTIONS, required: true };
const firNo: FieldDef = { ...text('firNo', 'DD/FIR No', 100), caseNumber: true };
const firDate: FieldDef = { name: 'firDate', label: 'DD/FIR Date', input: 'date', required: true };
const policeStation = text('policeStation', 'Police Station', 200);
const history = textarea('history', 'History');
const pmrDoc: FieldDef = { name: 'certificateFileId', label: PMR_DOC_LABEL, input: 'file', required: true };

const nameAgeSex: ColumnDef = {
  label: 'Name / Age / Sex',
  value: 'details.name',
  values: ['details.name', 'details.age', 'details.sex'],
};
const closingColumns: readonly ColumnDef[] = [
  { label: 'Upload PMR Document', value: 'certificate', format: 'file' },
  { label: 'Verified By', value: 'verifiedByName' },
  { label: 'Verification Date', value: 'verifiedAt', format: 'date' },
  { label: 'Status', value: 'status', format: 'status' },
];
const openingColumns: readonly ColumnDef[] = [
  { label: 'PMR No', value: 'details.pmrNo', opens: 'detail' },
  { label: 'PMR Date', value: 'date', format: 'date' },
  nameAgeSex,
];

/** What the forensic kinds share: the department, the faculty's verification, the messages. */
const forensicBase = {
  requiredMessage: forensicRequired,
  successMessage: 'Record added successfully',
  scoring: { type: 'none' },
  dateField: 'date',
  summaryField: 'pmrNo',
  department: 'forensic',
  sensitiveInList: true,
} as const satisfies Partial<RecordKind>;

/** An autopsy record: the DRP one (`/autopsy`) and the medico-legal one (`/forn/medico`). */
function autopsyKind(id: string, menuTitle: string, page: string): RecordKind {
  return {
    ...forensicBase,
    id,
    menuTitle,
    formTitle: `Add ${menuTitle}`,
    page,
    fields: [
      pmrNo,
      pmrDate,
      deceasedName,
      age,
      sex,
      firNo,
      firDate,
      policeStation,
      history,
      textarea('causeOfDeath', 'Cause of Death'),
      text('boardMembers', 'Board Members', 500),
      pmrDoc,
    ],
    columns: [
      ...openingColumns,
      { label: 'DD/FIR No', value: 'details.firNo' },
      { label: 'DD/FIR Date', value: 'details.firDate', format: 'date' },
      { label: 'Police Station', value: 'details.policeStation' },
      { label: 'Cause of Death', value: 'details.causeOfDeath' },
      { label: 'Board Members', value: 'details.boardMembers' },
      ...closingColumns,
    ],
  };
}

/** Autopsy during the DRP posting (`/autopsy`, DRP submenu). */
export const drpAutopsy = autopsyKind('autopsy', 'DRP Autopsy', '/autopsy');
/** Medico-legal autopsy (`/forn/medico`). */
export const medicoLegal = autopsyKind('medico-legal', 'Medico-legal Autopsy', '/forn/medico');

/** Expert opinion (`/forn/expertOpinion`): no DD/FIR date (spec 03 section 5), material examined and the opinion. */
export const expertOpinion: RecordKind = {
  ...forensicBase,
  id: 'expert-opinion',
  menuTitle: 'Expert Opinion',
  formTitle: 'Add Expert Opinion',
  page: '/forn/expertOpinion',
  fields: [
    pmrNo,
    pmrDate,
    deceasedName,
    age,
    sex,
    firNo,
    policeStation,
    history,
    textarea('material', 'Material'),
    textarea('expertOpinion', 'Expert Opinion'),
    pmrDoc,
  ],
  columns: [
    ...openingColumns,
    { label: 'DD/FIR No', value: 'details.firNo' },
    { label: 'Police Station', value: 'details.policeStation' },
    { label: 'Material', value: 'details.material' },
    { label: 'Expert Opinion', value: 'details.expertOpinion' },
    ...closingColumns,
  ],
};

/** Crime scene investigation (`/forn/crimeScene`): the spec's list columns, in its order. */
export const crimeScene: RecordKind = {
  ...forensicBase,
  id: 'crime-scene',
  menuTitle: 'Crime Scene Investigation',
  formTitle: 'Add Crime Scene Investigation',
  page: '/forn/crimeScene',
  fields: [
    pmrNo,
    pmrDate,
    deceasedName,
    age,
    sex,
    firNo,
    firDate,
    policeStation,
    history,
    text('place', 'Place', 500),
    pmrDoc,
  ],
  columns: [
    ...openingColumns,
    { label: 'DD/Fir No', value: 'details.firNo' },
    { label: 'DD/Fir Date', value: 'details.firDate', format: 'date' },
    { label: 'Police Station', value: 'details.policeStation' },
    { label: 'History', value: 'details.history' },
    { label: 'Place', value: 'details.place' },
    ...closingColumns,
  ],
};
