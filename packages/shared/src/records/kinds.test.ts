import { describe, expect, it } from 'vitest';
import { RECORD_MESSAGES } from './api';
import { CHECKLIST_PARTICULARS, CHECKLIST_TARGET, DASHBOARD_CATEGORIES } from './dashboard';
import {
  CLINICAL_TRAINING_EXTRA_TYPES,
  CLINICAL_TRAINING_EXTRAS_SETTING,
  CLINICAL_TRAINING_TYPES,
  findKind,
  RECORD_KINDS,
  TEACHING_TYPES,
} from './kinds';
import { CLINICAL_TRAINING_RUBRICS } from './rubrics';
import { DEFAULT_SCALE, ONE_TO_FOUR_SCALE, RUBRIC_ROW_SCALE, rubricOverall } from './scales';
import { COMMON_FIELDS, type FieldDef, type RecordKind } from './types';

const LIST_COLUMNS = [
  'date',
  'teacherName',
  'status',
  'studentRemark',
  'verifierRemark',
  'verified',
  'verifiedByName',
  'verifiedAt',
  'score',
  'certificate',
];

const field = (kind: RecordKind, name: string): FieldDef | undefined =>
  kind.fields.find((f) => f.name === name);
const kindById = (id: string): RecordKind => {
  const kind = findKind(id);
  if (!kind) throw new Error(`no kind ${id}`);
  return kind;
};

describe('record kind registry', () => {
  it('lists the 16 logbook kinds in menu order, then the academic records with screens of their own', () => {
    expect(RECORD_KINDS.map((kind) => kind.id)).toEqual([
      'introduction-schedule',
      'teaching',
      'clinical-training',
      'opd',
      'conference',
      'paper-poster',
      'thesis-review',
      'speciality-posting',
      'diagnostic-skill',
      'surgical-skill',
      'skills-lab',
      'extra-curricular',
      'leave',
      'clinical-case',
      'procedure',
      'checklist',
      'publication',
      'synopsis-upload',
      'thesis-upload',
      'drp-activity',
      'drp-upload',
      'autopsy',
      'medico-legal',
      'expert-opinion',
      'crime-scene',
    ]);
    expect(RECORD_KINDS.filter((kind) => kind.page).map((kind) => [kind.id, kind.page])).toEqual([
      ['publication', '/publication'],
      ['synopsis-upload', '/synopsis'],
      ['thesis-upload', '/thesisReview'],
      ['drp-activity', '/drp/proc'],
      ['drp-upload', '/drp/offline'],
      ['autopsy', '/autopsy'],
      ['medico-legal', '/forn/medico'],
      ['expert-opinion', '/forn/expertOpinion'],
      ['crime-scene', '/forn/crimeScene'],
    ]);
  });

  it('has unique, slug-shaped ids that findKind resolves', () => {
    const ids = RECORD_KINDS.map((kind) => kind.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const kind of RECORD_KINDS) {
      expect(kind.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(findKind(kind.id)).toBe(kind);
    }
    expect(findKind('synopsis')).toBeUndefined();
    expect(findKind('')).toBeUndefined();
  });

  it('has unique menu titles', () => {
    const titles = RECORD_KINDS.map((kind) => kind.menuTitle);
    expect(new Set(titles).size).toBe(titles.length);
  });

  describe.each(RECORD_KINDS.map((kind) => [kind.id, kind] as const))('%s', (_id, kind) => {
    it('has unique field names and labels', () => {
      const names = kind.fields.map((f) => f.name);
      expect(new Set(names).size).toBe(names.length);
      const labels = kind.fields.map((f) => f.label);
      expect(new Set(labels).size).toBe(labels.length);
    });

    it('uses the common fields with their own inputs', () => {
      const expected: Record<string, FieldDef['input']> = {
        date: 'date',
        teacherId: 'remote-select',
        studentRemark: 'textarea',
        certificateFileId: 'file',
      };
      for (const name of COMMON_FIELDS) {
        const f = field(kind, name);
        if (f) expect(f.input, name).toBe(expected[name]);
      }
      const teacher = field(kind, 'teacherId');
      if (teacher?.input === 'remote-select') expect(teacher.source).toEqual({ list: 'teachers' });
    });

    it('shows the status of each entry in its report (issue 10)', () => {
      expect(kind.columns.filter((c) => c.value === 'status')).toEqual([
        { label: 'Status', value: 'status', format: 'status' },
      ]);
    });

    it('requires the student remark (spec 02 section 5; a review or DRP logbook upload needs only its file; the forensic forms have none)', () => {
      if (kind.department === 'forensic') expect(field(kind, 'studentRemark')).toBeUndefined();
      else {
        const uploadOnly = kind.thesisStage !== undefined || kind.datedOnArrival === true;
        expect(field(kind, 'studentRemark')?.required).toBe(!uploadOnly);
      }
    });

    it('builds every column from a list value or a non-sensitive field of its own', () => {
      expect(kind.columns.length).toBeGreaterThan(0);
      for (const column of kind.columns) {
        for (const value of column.values ?? [column.value]) {
          if (value.startsWith('details.')) {
            const name = value.slice('details.'.length);
            // The server fills a DRP record's institution and state from the posting (issue 12).
            if (kind.drpPosting && (name === 'institution' || name === 'state')) continue;
            const f = field(kind, name);
            expect(f, `${kind.id} column ${column.label}`).toBeDefined();
            expect(COMMON_FIELDS as readonly string[]).not.toContain(name);
            // A sensitive field shows only in the lists of kinds that allow it (forensic names).
            if (!kind.sensitiveInList) expect(f?.sensitive ?? false).toBe(false);
          } else {
            expect(LIST_COLUMNS, `${kind.id} column ${column.label}`).toContain(value);
          }
        }
      }
      const labels = kind.columns.map((c) => c.label);
      expect(new Set(labels).size).toBe(labels.length);
    });

    it('has a required date field as dateField (a review upload: the upload day) and a non-sensitive summary field', () => {
      const dateField = field(kind, kind.dateField);
      if (kind.thesisStage || kind.datedOnArrival) {
        expect(dateField).toBeUndefined();
      } else {
        expect(dateField?.input).toBe('date');
        expect(dateField?.required).toBe(true);
      }
      const summary = field(kind, kind.summaryField);
      expect(summary).toBeDefined();
      expect(summary?.sensitive ?? false).toBe(false);
    });

    it('makes skills depend on an earlier competency field', () => {
      kind.fields.forEach((f, index) => {
        if (f.input !== 'remote-select' || f.source.list !== 'skills') return;
        const parentIndex = kind.fields.findIndex(
          (p) => p.name === (f.source as { dependsOn: string }).dependsOn,
        );
        expect(parentIndex).toBeGreaterThanOrEqual(0);
        expect(parentIndex).toBeLessThan(index);
        const parent = kind.fields[parentIndex];
        expect(parent?.input === 'remote-select' && parent.source.list).toBe('competencies');
      });
    });

    it('has select options that are unique and non-empty', () => {
      for (const f of kind.fields) {
        if (f.input !== 'select') continue;
        const all = [...f.options, ...(f.restricted?.options ?? [])];
        expect(all.length).toBeGreaterThan(0);
        expect(new Set(all).size).toBe(all.length);
      }
    });

    it('computes from existing date fields', () => {
      for (const f of kind.fields) {
        if (f.input !== 'computed') continue;
        expect(field(kind, f.from)?.input).toBe('date');
        expect(field(kind, f.to)?.input).toBe('date');
      }
    });

    it('uses a rubric only on a select field whose options have the rubrics', () => {
      if (kind.scoring.type !== 'rubric') return;
      const f = field(kind, kind.scoring.field);
      expect(f?.input).toBe('select');
      const options = f?.input === 'select' ? [...f.options, ...(f.restricted?.options ?? [])] : [];
      for (const type of Object.keys(kind.scoring.rubrics)) expect(options).toContain(type);
    });
  });

  it('gives each kind the success message of spec 02 section 8', () => {
    expect(Object.fromEntries(RECORD_KINDS.map((kind) => [kind.id, kind.successMessage]))).toEqual({
      'introduction-schedule': 'Task inserted successfully',
      teaching: 'Teaching experience submitted successfully',
      'clinical-training': 'Clinical training submitted successfully!',
      opd: 'OPD Case submitted successfully!',
      conference: 'Task inserted successfully',
      'paper-poster': 'Task inserted successfully',
      'thesis-review': 'Thesis submitted successfully!',
      'speciality-posting': 'Clinical Posting submitted successfully!',
      'diagnostic-skill': 'Diagnostic Skill submitted successfully!',
      'surgical-skill': 'Surgical Skill submitted successfully!',
      'skills-lab': 'Wet Lab Skill submitted successfully!',
      'extra-curricular': 'Extra Curricular Activities submitted successfully!',
      leave: 'Leave submitted successfully!',
      'clinical-case': 'Task inserted successfully',
      procedure: 'Procedure submitted successfully!',
      checklist: 'Checklist record added successfully!',
      publication: 'Publication added successfully',
      'synopsis-upload': 'File uploaded successfully!',
      'thesis-upload': 'File uploaded successfully!',
      'drp-activity': 'Activity added successfully',
      'drp-upload': 'File uploaded successfully!',
      autopsy: 'Record added successfully',
      'medico-legal': 'Record added successfully',
      'expert-opinion': 'Record added successfully',
      'crime-scene': 'Record added successfully',
    });
  });

  it('words the required message per kind', () => {
    for (const kind of RECORD_KINDS) {
      const message = kind.requiredMessage('Topic');
      if (kind.id === 'conference' || kind.id === 'paper-poster') {
        expect(message).toBe('Field "Topic" is empty. Please fill all fields.');
      } else if (kind.id === 'clinical-case') {
        expect(message).toBe('Topic is required.');
      } else if (kind.id === 'publication') {
        // Each field says it is required; the form's one message names them all (issue 28).
        expect(message).toBe('Topic is required.');
        expect(kind.missingSummary?.(['Certificate', 'Journal'])).toBe(
          'Please fill all the data first: Certificate, Journal',
        );
      } else if (kind.thesisStage) {
        expect(message).toBe('Please upload a file.');
      } else if (kind.id === 'drp-activity') {
        expect(message).toBe('Please fill all the fields!');
      } else if (kind.id === 'drp-upload') {
        expect(message).toBe('Please upload a DRPC file.');
      } else if (kind.department === 'forensic') {
        expect(message).toBe('Please fill in the "Topic" field.');
        expect(kind.requiredMessage('Upload PMR Document')).toBe('Please Upload PMR Doc');
      } else {
        expect(message).toBe(RECORD_MESSAGES.fillAll);
      }
    }
  });

  it('shows all errors at once only for the clinical case', () => {
    expect(RECORD_KINDS.filter((kind) => kind.showAllErrors).map((kind) => kind.id)).toEqual([
      'clinical-case',
    ]);
  });

  it("marks only the clinical case patient name, contact number and address, and the deceased's name, sensitive", () => {
    const sensitive = RECORD_KINDS.flatMap((kind) =>
      kind.fields.filter((f) => f.sensitive).map((f) => `${kind.id}.${f.name}`),
    );
    expect(sensitive.sort()).toEqual([
      'autopsy.name',
      'clinical-case.address',
      'clinical-case.contactNumber',
      'clinical-case.name',
      'crime-scene.name',
      'expert-opinion.name',
      'medico-legal.name',
    ]);
  });

  it('groups every clinical case field under one of the viewer sections, in section order', () => {
    const sections = [
      'Patient Information',
      'Medical History',
      'Presenting Complaints',
      'Vitals',
      'Physical Examination',
      'Systemic Examination',
      'Other Details',
      'Remarks',
    ];
    const order = kindById('clinical-case').fields.map((f) => sections.indexOf(f.section ?? ''));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(new Set(order).size).toBe(sections.length);
  });

  it('has every clinical case field of spec 02 section 3', () => {
    const names = kindById('clinical-case').fields.map((f) => f.name);
    expect(names.sort()).toEqual(
      [
        'patientId',
        'teacherId',
        'date',
        'time',
        'name',
        'ageGender',
        'occupation',
        'contactNumber',
        'address',
        'presentingComplaints',
        'historyOfPresentIllness',
        'pastMedicalHistory',
        'diet',
        'sleepPattern',
        'bowelHabits',
        'bladderHabits',
        'addictions',
        'familyHistory',
        'socioeconomicHistory',
        'menstrualHistory',
        'allergies',
        'immunizationStatus',
        'temperature',
        'pulseRate',
        'respiratoryRate',
        'bloodPressure',
        'spo2',
        'weightHeight',
        'pallor',
        'icterus',
        'cyanosis',
        'clubbing',
        'lymphadenopathy',
        'edema',
        'otherFinding',
        'respiratorySystem',
        'cardiovascularSystem',
        'gastrointestinalSystem',
        'centralNervousSystem',
        'musculoskeletalSystem',
        'reproductiveSystem',
        'localExamination',
        'investigations',
        'summaryOfCase',
        'provisionalDiagnosis',
        'studentRemark',
      ].sort(),
    );
  });

  it('spells the teaching types as spec 02 section 9, Demonstrations corrected', () => {
    expect(TEACHING_TYPES).toContain('Demonstrations');
    expect(TEACHING_TYPES).not.toContain('Demostrations');
    const trainingType = field(kindById('teaching'), 'trainingType');
    expect(trainingType?.input === 'select' && trainingType.options).toEqual(TEACHING_TYPES);
  });

  it('restricts the three department-only clinical training types to the configured department', () => {
    const trainingType = field(kindById('clinical-training'), 'trainingType');
    if (trainingType?.input !== 'select') throw new Error('trainingType is not a select');
    expect(trainingType.options).toEqual(CLINICAL_TRAINING_TYPES);
    expect(trainingType.restricted).toEqual({
      options: ['LABORATORY WORK', 'INTERACTIVE SLIDE', 'GROSS SEMINAR'],
      departmentSetting: 'clinicalTrainingExtrasDepartment',
    });
    expect(CLINICAL_TRAINING_EXTRAS_SETTING).toBe('clinicalTrainingExtrasDepartment');
    for (const type of CLINICAL_TRAINING_EXTRA_TYPES) expect(trainingType.options).not.toContain(type);
    const restrictedKinds = RECORD_KINDS.filter((kind) =>
      kind.fields.some((f) => f.input === 'select' && f.restricted),
    ).map((kind) => kind.id);
    expect(restrictedKinds).toEqual(['clinical-training']);
  });

  it('scores thesis review on the 1-4 scale, leave and the academic records not at all, clinical training by rubric, the rest 0-4', () => {
    for (const kind of RECORD_KINDS) {
      if (kind.id === 'thesis-review')
        expect(kind.scoring).toEqual({ type: 'scale', scale: ONE_TO_FOUR_SCALE });
      else if (kind.id === 'leave' || kind.page) expect(kind.scoring, kind.id).toEqual({ type: 'none' });
      else if (kind.id === 'clinical-training') {
        expect(kind.scoring).toEqual({
          type: 'rubric',
          field: 'trainingType',
          rubrics: CLINICAL_TRAINING_RUBRICS,
          rowScale: RUBRIC_ROW_SCALE,
          otherwise: DEFAULT_SCALE,
        });
      } else expect(kind.scoring, kind.id).toEqual({ type: 'scale', scale: DEFAULT_SCALE });
    }
  });

  it('offers the checklist particulars in its select and lists the checklist columns of the spec', () => {
    const checklist = kindById('checklist');
    const particular = field(checklist, 'particular');
    expect(particular?.input === 'select' && particular.options).toEqual(CHECKLIST_PARTICULARS);
    expect(checklist.columns.map((c) => c.label)).toEqual([
      'Particulars',
      'From',
      'To',
      'Exam Date',
      'Certificate',
      'Status',
      'Student Remark',
      'Verified By / On',
      'Remarks',
    ]);
    expect(field(checklist, 'certificateFileId')?.required).toBe(true);
  });
});

describe('clinical training rubrics', () => {
  it.each([
    ['Case Presentation', 14],
    ['Group Discussion', 10],
    ['Journal Club', 10],
    ['Seminar', 9],
    ['Grand Ward Rounds', 12],
    ['Interdepartmental Colloquium', 8],
    ['Students Symposium', 6],
  ] as const)('%s has %i rows', (type, count) => {
    expect(CLINICAL_TRAINING_RUBRICS[type]).toHaveLength(count);
  });

  it('has a rubric for each of the seven common types and none for the department-only ones', () => {
    expect(Object.keys(CLINICAL_TRAINING_RUBRICS).sort()).toEqual([...CLINICAL_TRAINING_TYPES].sort());
  });

  it('has unique, non-blank rows', () => {
    for (const rows of Object.values(CLINICAL_TRAINING_RUBRICS)) {
      expect(new Set(rows).size).toBe(rows.length);
      for (const row of rows) expect(row.trim()).toBe(row);
      for (const row of rows) expect(row).not.toBe('');
    }
  });

  it('averages the rows to 2 decimals', () => {
    expect(rubricOverall([4, 3, 3])).toBe(3.33);
    expect(rubricOverall([4, 4, 3])).toBe(3.67);
    expect(rubricOverall([1, 2])).toBe(1.5);
    expect(rubricOverall([0, 0, 0, 1, 1, 1, 1, 1, 1])).toBe(0.67);
    expect(rubricOverall([])).toBe(0);
  });

  it('scores rows on 0-4 and the thesis review on 1-4', () => {
    expect(RUBRIC_ROW_SCALE.map((step) => step.value)).toEqual([0, 1, 2, 3, 4]);
    expect(DEFAULT_SCALE.map((step) => step.label)).toEqual([
      'Poor',
      'Satisfactory',
      'Average',
      'Good',
      'Very Good',
    ]);
    expect(ONE_TO_FOUR_SCALE.map((step) => `${step.value} ${step.label}`)).toEqual([
      '1 Poor',
      '2 Satisfactory',
      '3 Good',
      '4 Very Good',
    ]);
  });
});

describe('dashboard', () => {
  it('has the 15 categories of spec 02 section 2 in order', () => {
    expect(DASHBOARD_CATEGORIES.map((c) => c.title)).toEqual([
      'PG Induction Schedule',
      'Academic Activity',
      'Teaching Experience',
      'OPD Campus',
      'Academic Participations',
      'Podium Poster Publication',
      'Thesis Review',
      'Specialty Clinic Posting',
      'Diagnostic Skills',
      'Procedures',
      'Skill Labs',
      'Extra Curricular Activities',
      'Leave Record',
      'Mandatory',
      'Clinical Cases & Symptoms-based Approach',
    ]);
  });

  it('points each category at a different existing kind', () => {
    const ids = DASHBOARD_CATEGORIES.map((c) => c.kindId);
    expect(new Set(ids).size).toBe(15);
    for (const id of ids) expect(findKind(id), id).toBeDefined();
    expect(DASHBOARD_CATEGORIES.find((c) => c.title === 'Academic Activity')?.kindId).toBe(
      'clinical-training',
    );
    expect(DASHBOARD_CATEGORIES.find((c) => c.title === 'Mandatory')?.kindId).toBe('checklist');
  });

  it('targets the 8 checklist particulars', () => {
    expect(CHECKLIST_TARGET).toBe(8);
    expect(CHECKLIST_PARTICULARS).toHaveLength(CHECKLIST_TARGET);
    expect(new Set(CHECKLIST_PARTICULARS).size).toBe(8);
  });
});
