import { describe, expect, it } from 'vitest';
import {
  checklist,
  clinicalCase,
  clinicalTraining,
  crimeScene,
  leave,
  procedure,
  RECORD_KINDS,
} from './kinds';
import { isSearchableColumn, recordSearchText, type SearchableRecord } from './search-text';

const base: SearchableRecord = {
  date: '2026-03-07',
  details: {},
  teacherName: 'Dr. Meera Guide',
  studentRemark: 'Done under supervision',
  status: 'pending',
  verifierRemark: null,
  verifiedByName: null,
  verifiedAt: null,
  score: null,
};

describe('recordSearchText', () => {
  it('holds every column a procedure shows except the patient name', () => {
    const text = recordSearchText(procedure, {
      ...base,
      details: {
        ipddDate: '2026-03-07',
        competency: { id: 'c1', title: 'Central Venous Access' },
        skills: { id: 's1', title: 'Ultrasound-Guided Cannulation' },
        patient: 'Ramesh Kumar',
        ipd: 'IPD-4471/26',
        role: 'Performed',
      },
    });
    const lines = text.split('\n');
    for (const expected of [
      'central venous access',
      'ultrasound-guided cannulation',
      'ipd-4471/26',
      'performed',
      '07-03-2026',
      '2026-03-07',
      'dr. meera guide',
      'done under supervision',
      'pending',
    ]) {
      expect(lines).toContain(expected);
    }
    expect(text).not.toContain('ramesh');
    expect(text).not.toContain('kumar');
    // Remote selects give their title, never their id.
    expect(lines).not.toContain('c1');
  });

  it('holds a clinical case diagnosis but no patient id, name, contact number or address', () => {
    const text = recordSearchText(clinicalCase, {
      ...base,
      details: {
        patientId: 'UHID-99812',
        provisionalDiagnosis: 'Community-acquired pneumonia',
        // Sensitive values never belong in `details`; were one there, it still stays out.
        name: 'Sunita Devi',
        contactNumber: '9876501234',
        address: '12 Lake Road',
        pastMedicalHistory: 'Asthma',
      },
    });
    expect(text).toContain('community-acquired pneumonia');
    expect(text).toContain('dr. meera guide');
    for (const hidden of ['uhid', 'sunita', '9876501234', 'lake road', 'asthma']) {
      expect(text).not.toContain(hidden);
    }
  });

  it('adds what a verification shows: status, feedback, verifier, verified date and score', () => {
    const text = recordSearchText(procedure, {
      ...base,
      status: 'approved',
      verifierRemark: 'Excellent Technique',
      verifiedByName: 'Dr. Anil HOD',
      // 20:30 UTC on 23 November is 24 November in India.
      verifiedAt: new Date('2026-11-23T20:30:00Z'),
      score: { value: 4, label: 'Excellent' },
    });
    const lines = text.split('\n');
    for (const expected of [
      'approved',
      'excellent technique',
      'dr. anil hod',
      '24-11-2026',
      '2026-11-24',
      'excellent',
    ]) {
      expect(lines).toContain(expected);
    }
    // The placeholders of an unverified row are not data.
    expect(recordSearchText(procedure, base)).not.toContain('verification pending');
  });

  it('shows a rubric overall with its value, dates of details columns, and numbers', () => {
    const rubric = recordSearchText(clinicalTraining, {
      ...base,
      details: { trainingType: 'Case Presentation', topic: 'Heart Failure' },
      score: { value: 3.5, label: 'Good', rows: [{ title: 'History', value: 4 }] },
    });
    expect(rubric.split('\n')).toEqual(
      expect.arrayContaining(['case presentation', 'heart failure', 'good', '3.5']),
    );
    const checklistText = recordSearchText(checklist, {
      ...base,
      details: { particular: 'BLS & ACLS', fromDate: '2025-01-02', examDate: '2025-02-03' },
    });
    expect(checklistText.split('\n')).toEqual(
      expect.arrayContaining(['bls & acls', '02-01-2025', '2025-01-02', '03-02-2025']),
    );
    const days = recordSearchText(leave, {
      ...base,
      details: { leaveDays: 12, reason: 'Fever', reasonType: 'Medical Leave' },
    });
    expect(days.split('\n')).toEqual(expect.arrayContaining(['12', 'fever', 'medical leave']));
  });

  it('keeps every patient-naming column of every kind out of the search', () => {
    for (const kind of RECORD_KINDS) {
      for (const column of kind.columns) {
        if (/patient/i.test(column.label)) {
          expect(isSearchableColumn(kind, column), `${kind.id} ${column.label}`).toBe(false);
        }
      }
    }
    const ipd = procedure.columns.find((column) => column.value === 'details.ipd');
    expect(ipd && isSearchableColumn(procedure, ipd)).toBe(true);
  });
});

describe('recordSearchText: a column of several values (issue 12)', () => {
  it("indexes the crime scene's age and sex but never the deceased's name", () => {
    const text = recordSearchText(crimeScene, {
      date: '2025-03-04',
      details: { pmrNo: 'PMR-77', name: 'Ravi Kumar', age: 41, sex: 'Male', place: 'Riverside' },
      teacherName: null,
      studentRemark: null,
      status: 'pending',
      verifierRemark: null,
      verifiedByName: null,
      verifiedAt: null,
      score: null,
    });
    expect(text.split('\n')).toEqual(expect.arrayContaining(['pmr-77', '41', 'male', 'riverside']));
    expect(text).not.toContain('ravi');
  });
});
