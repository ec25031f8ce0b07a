import type { FieldDef, RecordKind } from '@pgel/shared/records/types';
import type { RecordValues } from '@pgel/shared/records/validation';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordField } from './record-fields';
import { changeRecordValue, initialRecordValues } from './record-values';
import { fakeApi, labelled, optionsOf, pickOption, withModals } from './test-support';

// The upload itself (XMLHttpRequest with progress) is the shared component's business: here it
// finishes at once with a stored file.
vi.mock('../../../lib/upload', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/upload')>();
  return {
    ...actual,
    useUpload: () => {
      const [state, setState] = useState<{ status: 'idle' } | { status: 'done'; fileName: string }>({
        status: 'idle',
      });
      return {
        state,
        isUploading: false,
        reset: () => setState({ status: 'idle' }),
        start: async (file: File) => {
          setState({ status: 'done', fileName: file.name });
          return {
            id: '00000000-0000-4000-8000-00000000f11e',
            originalName: file.name,
            contentType: file.type,
            size: file.size,
            url: '/api/v1/files/00000000-0000-4000-8000-00000000f11e',
          };
        },
      };
    },
  };
});

afterEach(() => vi.unstubAllGlobals());

const COMPETENCY_A = '00000000-0000-4000-8000-0000000000a1';
const COMPETENCY_B = '00000000-0000-4000-8000-0000000000b1';
const TODAY = '2025-03-15';

/** A kind with one field of every input type. */
const EVERY_INPUT: RecordKind = {
  id: 'every-input',
  menuTitle: 'Every Input',
  formTitle: 'Add Every Input',
  fields: [
    { name: 'topic', label: 'Topic', input: 'text', required: true, maxLength: 20 },
    { name: 'studentRemark', label: 'Remark', input: 'textarea', required: true },
    { name: 'date', label: 'Date', input: 'date', required: true },
    { name: 'time', label: 'Time', input: 'time', required: true },
    { name: 'cases', label: 'OPD Cases', input: 'number', min: 0, max: 500, integer: true, required: true },
    {
      name: 'trainingType',
      label: 'Training Type',
      input: 'select',
      options: ['Seminar', 'Journal Club'],
      restricted: { options: ['GROSS SEMINAR'], departmentSetting: 'extras' },
      required: true,
    },
    {
      name: 'teacherId',
      label: 'Guiding Faculty',
      input: 'remote-select',
      source: { list: 'teachers' },
      required: true,
    },
    {
      name: 'competency',
      label: 'Competency',
      input: 'remote-select',
      source: { list: 'competencies', for: 'diag' },
      required: true,
    },
    {
      name: 'skill',
      label: 'Skill',
      input: 'remote-select',
      source: { list: 'skills', dependsOn: 'competency' },
      required: true,
    },
    { name: 'pallor', label: 'Pallor', input: 'absent-present', required: true },
    {
      name: 'complaints',
      label: 'Presenting Complaints',
      input: 'text-list',
      min: 1,
      itemLabel: 'Complaint',
      required: true,
    },
    { name: 'certificateFileId', label: 'Certificate', input: 'file', required: true },
    { name: 'fromDate', label: 'From Date', input: 'date', required: true, allowFuture: true },
    { name: 'toDate', label: 'To Date', input: 'date', required: true, allowFuture: true },
    {
      name: 'days',
      label: 'Days',
      input: 'computed',
      compute: 'inclusiveDays',
      from: 'fromDate',
      to: 'toDate',
      required: true,
    },
  ],
  columns: [],
  requiredMessage: (label) => `${label} is required.`,
  successMessage: 'Saved',
  scoring: { type: 'none' },
  dateField: 'date',
  summaryField: 'topic',
};

const field = (name: string): FieldDef => {
  const found = EVERY_INPUT.fields.find((candidate) => candidate.name === name);
  if (!found) throw new Error(name);
  return found;
};

/** One field of EVERY_INPUT with the form's own state handling; `latest()` reads the values. */
function renderField(names: string[], options: { restricted?: boolean; initial?: RecordValues } = {}) {
  let latest: RecordValues = {};
  function Harness() {
    const [values, setValues] = useState<RecordValues>(
      options.initial ?? initialRecordValues(EVERY_INPUT, TODAY),
    );
    latest = values;
    return (
      <>
        {names.map((name) => (
          <RecordField
            key={name}
            field={field(name)}
            values={values}
            onChange={(changed, value) =>
              setValues((current) => changeRecordValue(EVERY_INPUT, current, changed, value))
            }
            today={TODAY}
            restrictedAllowed={() => options.restricted ?? false}
          />
        ))}
      </>
    );
  }
  withModals(<Harness />);
  return { latest: () => latest };
}

/** An input by its label; a required field's label ends with Mantine's hidden ' *'. */
const input = (label: string) =>
  screen.getByLabelText(labelled(label), { selector: 'input' }) as HTMLInputElement;

describe('RecordField', () => {
  it('text: a labelled input keeping what is typed', () => {
    const form = renderField(['topic']);
    fireEvent.change(input('Topic'), { target: { value: 'Anaemia' } });
    expect(form.latest().topic).toBe('Anaemia');
    expect(input('Topic').maxLength).toBe(20);
  });

  it('textarea: a labelled multi-line input', () => {
    const form = renderField(['studentRemark']);
    const area = screen.getByLabelText(labelled('Remark'), { selector: 'textarea' });
    fireEvent.change(area, { target: { value: 'Line one\nLine two' } });
    expect(form.latest().studentRemark).toBe('Line one\nLine two');
  });

  it('date: DD-MM-YYYY on screen, YYYY-MM-DD in the values, today by default', async () => {
    const form = renderField(['date']);
    expect(input('Date').value).toBe('15-03-2025');
    fireEvent.change(input('Date'), { target: { value: '02-01-2025' } });
    await waitFor(() => expect(form.latest().date).toBe('2025-01-02'));
  });

  it('time: HH:mm', () => {
    const form = renderField(['time']);
    expect(input('Time').type).toBe('time');
    fireEvent.change(input('Time'), { target: { value: '09:30' } });
    expect(form.latest().time).toBe('09:30');
  });

  it('number: a number within its bounds', () => {
    const form = renderField(['cases']);
    fireEvent.change(input('OPD Cases'), { target: { value: '12' } });
    expect(form.latest().cases).toBe(12);
  });

  it('select: fixed options; the department-only ones only when the server allows them', async () => {
    renderField(['trainingType']);
    expect(await optionsOf('Training Type')).toEqual(['Seminar', 'Journal Club']);
  });

  it('select: the restricted options appear for the department the setting names', async () => {
    const form = renderField(['trainingType'], { restricted: true });
    expect(await optionsOf('Training Type')).toEqual(['Seminar', 'Journal Club', 'GROSS SEMINAR']);
    await pickOption('Training Type', 'GROSS SEMINAR');
    expect(form.latest().trainingType).toBe('GROSS SEMINAR');
  });

  it('remote-select: the options come from GET /records/options/{source}', async () => {
    const sent = fakeApi({
      'GET /records/options/teachers': {
        status: 200,
        body: { items: [{ id: '00000000-0000-4000-8000-000000000071', title: 'Dr. Rao' }] },
      },
    });
    const form = renderField(['teacherId']);
    await waitFor(() => expect(sent.map((call) => call.path)).toContain('/records/options/teachers'));
    await pickOption('Guiding Faculty', 'Dr. Rao');
    expect(form.latest().teacherId).toBe('00000000-0000-4000-8000-000000000071');
  });

  it('remote-select: skills wait for a competency, then reload and clear when it changes', async () => {
    const sent = fakeApi({
      'GET /records/options/competencies?for=diag': {
        status: 200,
        body: {
          items: [
            { id: COMPETENCY_A, title: 'Cardiology' },
            { id: COMPETENCY_B, title: 'Neurology' },
          ],
        },
      },
      [`GET /records/options/skills?competencyId=${COMPETENCY_A}`]: {
        status: 200,
        body: { items: [{ id: '00000000-0000-4000-8000-00000000a5a1', title: 'ECG reading' }] },
      },
      [`GET /records/options/skills?competencyId=${COMPETENCY_B}`]: {
        status: 200,
        body: { items: [{ id: '00000000-0000-4000-8000-00000000b5b1', title: 'Lumbar puncture' }] },
      },
    });
    const form = renderField(['competency', 'skill']);
    expect(input('Skill').disabled).toBe(true);

    await pickOption('Competency', 'Cardiology');
    await waitFor(() => expect(input('Skill').disabled).toBe(false));
    expect(await optionsOf('Skill')).toEqual(['ECG reading']);
    await pickOption('Skill', 'ECG reading');
    expect(form.latest().skill).toBe('00000000-0000-4000-8000-00000000a5a1');

    await pickOption('Competency', 'Neurology');
    expect(form.latest().skill).toBe('');
    expect(input('Skill').value).toBe('');
    await waitFor(() =>
      expect(sent.map((call) => call.path)).toContain(`/records/options/skills?competencyId=${COMPETENCY_B}`),
    );
    await waitFor(async () => expect(await optionsOf('Skill')).toEqual(['Lumbar puncture']));
  });

  it('absent-present: a radio pair', () => {
    const form = renderField(['pallor']);
    const group = screen.getByRole('radiogroup', { name: 'Pallor' });
    expect(group).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Present' }));
    expect(form.latest().pallor).toBe('present');
    fireEvent.click(screen.getByRole('radio', { name: 'Absent' }));
    expect(form.latest().pallor).toBe('absent');
  });

  it('text-list: rows are added and removed, the first row stays', () => {
    const form = renderField(['complaints']);
    expect(screen.queryByRole('button', { name: 'Remove Complaint 1' })).toBeNull();
    fireEvent.change(input('Complaint 1'), { target: { value: 'Fever' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Complaint' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Complaint' }));
    fireEvent.change(input('Complaint 2'), { target: { value: 'Cough' } });
    fireEvent.change(input('Complaint 3'), { target: { value: 'Chills' } });
    expect(form.latest().complaints).toEqual(['Fever', 'Cough', 'Chills']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Complaint 2' }));
    expect(form.latest().complaints).toEqual(['Fever', 'Chills']);
    expect(screen.queryByRole('button', { name: 'Remove Complaint 1' })).toBeNull();
  });

  it('file: uploads as a document and keeps the stored id; Remove empties it', async () => {
    const form = renderField(['certificateFileId']);
    const picker = screen.getByLabelText(/^Certificate/) as HTMLInputElement;
    expect(picker.type).toBe('file');
    const file = new File(['%PDF-1.4'], 'certificate.pdf', { type: 'application/pdf' });
    fireEvent.change(picker, { target: { files: [file] } });
    await waitFor(() => expect(form.latest().certificateFileId).toBe('00000000-0000-4000-8000-00000000f11e'));
    expect(screen.getByText('certificate.pdf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Remove/ }));
    expect(form.latest().certificateFileId).toBe('');
  });

  it('computed: read-only, recomputed live (inclusive, 0 when reversed)', async () => {
    renderField(['fromDate', 'toDate', 'days']);
    const days = input('Days');
    expect(days.readOnly).toBe(true);
    expect(days.value).toBe('0');
    fireEvent.change(input('From Date'), { target: { value: '10-03-2025' } });
    fireEvent.change(input('To Date'), { target: { value: '12-03-2025' } });
    await waitFor(() => expect(input('Days').value).toBe('3'));
    fireEvent.change(input('To Date'), { target: { value: '09-03-2025' } });
    await waitFor(() => expect(input('Days').value).toBe('0'));
  });
});
