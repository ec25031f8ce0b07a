import { ACADEMIC_MESSAGES } from '@pgel/shared/academic/common';
import { THESIS_MESSAGES, type Thesis } from '@pgel/shared/academic/thesis';
import { RECORD_MESSAGES } from '@pgel/shared/records/api';
import { VALIDATION_TITLE } from '@pgel/shared/schemas/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  leaveRow,
  PATIENTLY,
  pickOption,
  readDialog,
  STUDENT_ID,
} from '../../records/components/test-support';
import {
  certificateFile,
  GUIDE_ID,
  list,
  professor,
  renderThesisPage,
  student,
  studentRoutes,
  thesisOf,
  uploadsPath,
} from './thesis-test-support';

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

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const region = (name: string) => screen.getByRole('region', { name });
const answer = (thesis: Thesis | null) => ({
  status: 200,
  body: { student: { id: STUDENT_ID, name: 'Asha Nair' }, thesis },
});
const pdf = () => new File(['%PDF-1.4'], 'review.pdf', { type: 'application/pdf' });

describe('Thesis steps', () => {
  it('a saved step is read-only; the next is open; later ones are disabled with the reason', async () => {
    renderThesisPage(student(), 'synopsis', {
      ...studentRoutes('synopsis'),
      'GET /theses/synopsis': answer(thesisOf('synopsis')),
    });
    expect(await screen.findByRole('heading', { name: 'Thesis Synopsis', level: 1 })).toBeTruthy();
    await screen.findByText('Outcomes of early mobilisation', {}, PATIENTLY);
    const title = region('Synopsis Title');
    expect(within(title).queryByRole('textbox')).toBeNull();
    expect(within(title).queryByRole('button')).toBeNull();
    expect(within(title).getByText('Saved')).toBeTruthy();

    const guide = region('Guide');
    expect((within(guide).getByRole('button', { name: 'Save Guide' }) as HTMLButtonElement).disabled).toBe(
      false,
    );

    const coGuides = region('Co-guides');
    expect(within(coGuides).getByText(THESIS_MESSAGES.selectGuide)).toBeTruthy();
    expect(
      (within(coGuides).getByRole('textbox', { name: 'Co-guide 1 name' }) as HTMLInputElement).disabled,
    ).toBe(true);
    expect(
      (within(coGuides).getByRole('button', { name: 'Save Co-guides' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    const certificate = region('IEC Clearance Certificate');
    expect(within(certificate).getByText(THESIS_MESSAGES.selectGuide)).toBeTruthy();
    expect(
      (within(certificate).getByRole('button', { name: 'Save Certificate' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    // The synopsis has no acceptance date.
    expect(screen.queryByRole('region', { name: 'Synopsis Acceptance Date' })).toBeNull();
  });

  it('the guide: "Please select guide first !!!", then the confirmation, then the server message', async () => {
    let current = thesisOf('synopsis');
    const { sent } = renderThesisPage(student(), 'synopsis', {
      ...studentRoutes('synopsis'),
      'GET /theses/synopsis': () => answer(current),
      'POST /theses/synopsis/guide': () => {
        current = thesisOf('synopsis', { guide: { id: GUIDE_ID, name: 'Dr. Mehta' }, nextStep: 'coGuides' });
        return { status: 200, body: { message: THESIS_MESSAGES.saved.guide, thesis: current } };
      },
    });
    const guide = await screen.findByRole('region', { name: 'Guide' }, PATIENTLY);
    fireEvent.click(within(guide).getByRole('button', { name: 'Save Guide' }));
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(THESIS_MESSAGES.selectGuide);

    await pickOption('Guide', 'Dr. Mehta', guide);
    fireEvent.click(within(guide).getByRole('button', { name: 'Save Guide' }));
    const confirm = await screen.findByRole('dialog', { name: THESIS_MESSAGES.confirmTitle }, PATIENTLY);
    expect(confirm.textContent).toContain(
      'Do you really want to add this guide? Once added, it cannot be edited.',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, add it!' }));
    expect((await readDialog('Success')).textContent).toContain(THESIS_MESSAGES.saved.guide);
    expect(sent.find((call) => call.method === 'POST')?.body).toEqual({ guideId: GUIDE_ID });
    await waitFor(() => expect(within(region('Guide')).queryByRole('combobox')).toBeNull(), PATIENTLY);
    expect(region('Guide').textContent).toContain('Dr. Mehta');
    // The co-guides open now.
    expect(
      (within(region('Co-guides')).getByRole('textbox', { name: 'Co-guide 1 name' }) as HTMLInputElement)
        .disabled,
    ).toBe(false);
  });

  it("thesis: the synopsis's guide and co-guides are proposed, still editable until saved (issue 28)", async () => {
    const synopsis = thesisOf('synopsis', {
      guide: { id: GUIDE_ID, name: 'Dr. Mehta' },
      coGuides: [
        { name: 'Dr. Iyer', department: 'Surgery' },
        { name: 'Dr. Khan', department: 'Community Medicine' },
      ],
      nextStep: 'certificate',
    });
    let current = thesisOf('thesis');
    const { sent } = renderThesisPage(student(), 'thesis', {
      ...studentRoutes('thesis'),
      'GET /theses/synopsis': answer(synopsis),
      'GET /theses/thesis': () => answer(current),
      'POST /theses/thesis/guide': () => {
        current = thesisOf('thesis', { guide: { id: GUIDE_ID, name: 'Dr. Mehta' }, nextStep: 'coGuides' });
        return { status: 200, body: { message: THESIS_MESSAGES.saved.guide, thesis: current } };
      },
      'POST /theses/thesis/co-guides': () => ({
        status: 200,
        body: {
          message: THESIS_MESSAGES.saved.coGuides,
          thesis: thesisOf('thesis', { nextStep: 'certificate' }),
        },
      }),
    });
    const guide = await screen.findByRole('region', { name: 'Guide' }, PATIENTLY);
    const select = within(guide).getByRole('combobox', { name: 'Guide' }) as HTMLInputElement;
    await waitFor(() => expect(select.value).toBe('Dr. Mehta'), PATIENTLY);
    expect(guide.textContent).toContain('From your synopsis');
    // The rows wait for the guide, already filled in from the synopsis.
    const coGuides = region('Co-guides');
    const name = (n: number) =>
      within(coGuides).getByRole('textbox', { name: `Co-guide ${n} name` }) as HTMLInputElement;
    expect(name(1).value).toBe('Dr. Iyer');
    expect(name(2).value).toBe('Dr. Khan');
    expect(
      (within(coGuides).getByRole('combobox', { name: 'Co-guide 2 department' }) as HTMLInputElement).value,
    ).toBe('Community Medicine');

    // Saved as proposed: one tap and the confirmation.
    fireEvent.click(within(guide).getByRole('button', { name: 'Save Guide' }));
    const confirm = await screen.findByRole('dialog', { name: THESIS_MESSAGES.confirmTitle }, PATIENTLY);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, add it!' }));
    expect((await readDialog('Success')).textContent).toContain(THESIS_MESSAGES.saved.guide);
    expect(sent.find((call) => call.path === '/theses/thesis/guide')?.body).toEqual({ guideId: GUIDE_ID });

    // A proposed row is changed before saving: what is sent is what the student left.
    await waitFor(() => expect(name(1).disabled).toBe(false), PATIENTLY);
    fireEvent.change(name(1), { target: { value: 'Dr. Iyer Sen' } });
    fireEvent.click(within(region('Co-guides')).getByRole('button', { name: 'Save Co-guides' }));
    const again = await screen.findByRole('dialog', { name: THESIS_MESSAGES.confirmTitle }, PATIENTLY);
    fireEvent.click(within(again).getByRole('button', { name: 'Yes, add it!' }));
    await waitFor(
      () =>
        expect(sent.find((call) => call.path === '/theses/thesis/co-guides')?.body).toEqual({
          coGuides: [
            { name: 'Dr. Iyer Sen', department: 'Surgery' },
            { name: 'Dr. Khan', department: 'Community Medicine' },
          ],
        }),
      PATIENTLY,
    );
  });

  it('thesis: "Please enter title first"; uploads wait for the title', async () => {
    const { sent } = renderThesisPage(student(), 'thesis', {
      ...studentRoutes('thesis'),
      'GET /theses/thesis': answer(null),
    });
    expect(await screen.findByRole('heading', { name: 'Thesis Review', level: 1 })).toBeTruthy();
    const title = await screen.findByRole('region', { name: 'Thesis Title' }, PATIENTLY);
    expect(within(region('Guide')).getByText(THESIS_MESSAGES.thesisTitleFirst)).toBeTruthy();
    fireEvent.change(within(title).getByRole('textbox', { name: 'Thesis Title' }), {
      target: { value: '   ' },
    });
    fireEvent.click(within(title).getByRole('button', { name: 'Save Title' }));
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(THESIS_MESSAGES.enterTitle);

    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByText(THESIS_MESSAGES.thesisTitleFirst).length).toBeGreaterThan(1);
    // The floating add button says why instead of opening the form.
    window.dispatchEvent(new CustomEvent('pgel:add'));
    expect((await readDialog('Error')).textContent).toContain(THESIS_MESSAGES.thesisTitleFirst);
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
  });

  it('thesis, every step written: all read-only, the date DD-MM-YYYY, the certificate in the viewer', async () => {
    renderThesisPage(student(), 'thesis', {
      ...studentRoutes('thesis'),
      'GET /theses/thesis': answer(
        thesisOf('thesis', {
          guide: { id: GUIDE_ID, name: 'Dr. Mehta' },
          coGuides: [{ name: 'Dr. First', department: 'Surgery' }],
          certificate: certificateFile,
          acceptanceDate: '2025-02-07',
          nextStep: null,
        }),
      ),
    });
    const date = await screen.findByRole('region', { name: 'Synopsis Acceptance Date' }, PATIENTLY);
    expect(date.textContent).toContain('07-02-2025');
    for (const name of ['Thesis Title', 'Guide', 'Co-guides', 'Synopsis Acceptance Date']) {
      expect(within(region(name)).queryByRole('button')).toBeNull();
      expect(within(region(name)).queryByRole('textbox')).toBeNull();
    }
    const certificate = region('Thesis Synopsis Acceptance Certificate');
    expect(within(certificate).queryByRole('button', { name: 'Save Certificate' })).toBeNull();
    fireEvent.click(
      within(certificate).getByRole('button', { name: 'View Thesis Synopsis Acceptance Certificate' }),
    );
    const viewer = await screen.findByRole(
      'dialog',
      { name: 'Thesis Synopsis Acceptance Certificate' },
      PATIENTLY,
    );
    expect(within(viewer).getByRole('img', { name: 'iec-clearance.png' })).toBeTruthy();
  });

  it('the certificate: "Please select any certificate !!!" until a file is chosen, then sent by its id', async () => {
    let current = thesisOf('synopsis', {
      guide: { id: GUIDE_ID, name: 'Dr. Mehta' },
      coGuides: [{ name: 'Dr. First', department: 'Surgery' }],
      nextStep: 'certificate',
    });
    const { sent } = renderThesisPage(student(), 'synopsis', {
      ...studentRoutes('synopsis'),
      'GET /theses/synopsis': () => answer(current),
      'POST /theses/synopsis/certificate': () => {
        current = { ...current, certificate: certificateFile, nextStep: null };
        return { status: 200, body: { message: THESIS_MESSAGES.saved.certificate, thesis: current } };
      },
    });
    const certificate = await screen.findByRole('region', { name: 'IEC Clearance Certificate' }, PATIENTLY);
    fireEvent.click(within(certificate).getByRole('button', { name: 'Save Certificate' }));
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(THESIS_MESSAGES.selectCertificate);

    fireEvent.change(within(certificate).getByLabelText('IEC Clearance Certificate'), {
      target: { files: [pdf()] },
    });
    await within(certificate).findByText('review.pdf');
    fireEvent.click(within(certificate).getByRole('button', { name: 'Save Certificate' }));
    const confirm = await screen.findByRole('dialog', { name: THESIS_MESSAGES.confirmTitle }, PATIENTLY);
    expect(confirm.textContent).toContain(THESIS_MESSAGES.confirm.certificate);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, add it!' }));
    expect((await readDialog('Success')).textContent).toContain(THESIS_MESSAGES.saved.certificate);
    expect(sent.find((call) => call.method === 'POST')?.body).toEqual({
      fileId: '00000000-0000-4000-8000-00000000f11e',
    });
    await waitFor(
      () => expect(within(region('IEC Clearance Certificate')).getByText('iec-clearance.png')).toBeTruthy(),
      PATIENTLY,
    );
  });

  it('the acceptance date: "Please select date", then confirmed and shown DD-MM-YYYY', async () => {
    let current = thesisOf('thesis', {
      guide: { id: GUIDE_ID, name: 'Dr. Mehta' },
      coGuides: [{ name: 'Dr. First', department: 'Surgery' }],
      certificate: certificateFile,
      nextStep: 'acceptanceDate',
    });
    const { sent } = renderThesisPage(student(), 'thesis', {
      ...studentRoutes('thesis'),
      'GET /theses/thesis': () => answer(current),
      'POST /theses/thesis/acceptance-date': (body) => {
        current = { ...current, acceptanceDate: (body as { date: string }).date, nextStep: null };
        return { status: 200, body: { message: THESIS_MESSAGES.saved.acceptanceDate, thesis: current } };
      },
    });
    const step = await screen.findByRole('region', { name: 'Synopsis Acceptance Date' }, PATIENTLY);
    fireEvent.click(within(step).getByRole('button', { name: 'Save Date' }));
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(THESIS_MESSAGES.selectDate);

    const input = within(step).getByRole('textbox', { name: 'Synopsis Acceptance Date' });
    fireEvent.change(input, { target: { value: '07-02-2025' } });
    fireEvent.blur(input);
    fireEvent.click(within(step).getByRole('button', { name: 'Save Date' }));
    const confirm = await screen.findByRole('dialog', { name: THESIS_MESSAGES.confirmTitle }, PATIENTLY);
    expect(confirm.textContent).toContain(THESIS_MESSAGES.confirm.acceptanceDate);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, add it!' }));
    expect((await readDialog('Success')).textContent).toContain(THESIS_MESSAGES.saved.acceptanceDate);
    expect(sent.find((call) => call.method === 'POST')?.body).toEqual({ date: '2025-02-07' });
    await waitFor(
      () => expect(within(region('Synopsis Acceptance Date')).queryByRole('textbox')).toBeNull(),
      PATIENTLY,
    );
    expect(region('Synopsis Acceptance Date').textContent).toContain('07-02-2025');
  });

  it('the title: confirmed, sent trimmed, then read-only', async () => {
    let current: Thesis | null = null;
    const { sent } = renderThesisPage(student(), 'synopsis', {
      ...studentRoutes('synopsis'),
      'GET /theses/synopsis': () => answer(current),
      'POST /theses/synopsis/title': () => {
        current = thesisOf('synopsis', { title: 'Sepsis bundles' });
        return { status: 201, body: { message: THESIS_MESSAGES.saved.title, thesis: current } };
      },
    });
    const title = await screen.findByRole('region', { name: 'Synopsis Title' }, PATIENTLY);
    fireEvent.click(within(title).getByRole('button', { name: 'Save Title' }));
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(THESIS_MESSAGES.synopsisTitleFirst);
    fireEvent.change(within(title).getByRole('textbox', { name: 'Synopsis Title' }), {
      target: { value: '  Sepsis bundles ' },
    });
    fireEvent.click(within(title).getByRole('button', { name: 'Save Title' }));
    const confirm = await screen.findByRole('dialog', { name: THESIS_MESSAGES.confirmTitle }, PATIENTLY);
    expect(confirm.textContent).toContain(THESIS_MESSAGES.confirm.title);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, add it!' }));
    expect((await readDialog('Success')).textContent).toContain(THESIS_MESSAGES.saved.title);
    expect(sent.find((call) => call.method === 'POST')?.body).toEqual({ title: 'Sepsis bundles' });
    await waitFor(
      () => expect(within(region('Synopsis Title')).queryByRole('textbox')).toBeNull(),
      PATIENTLY,
    );
    expect(region('Synopsis Title').textContent).toContain('Sepsis bundles');
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a student not yet approved sees the notice and no step buttons', async () => {
    renderThesisPage(student({ verifyByHod: false }), 'synopsis', {
      ...studentRoutes('synopsis'),
      'GET /theses/synopsis': answer(null),
    });
    expect(await screen.findByText(RECORD_MESSAGES.awaitingApprovalTitle, {}, PATIENTLY)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Not added yet')).toHaveLength(4), PATIENTLY);
    expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
  });
});

describe('Review uploads', () => {
  it('student: the file is required; a server failure is "Server error while uploading."', async () => {
    const { sent } = renderThesisPage(student(), 'synopsis', {
      ...studentRoutes('synopsis'),
      'GET /theses/synopsis': answer(thesisOf('synopsis')),
      'POST /records': { status: 500, body: { code: 'internal', message: 'Internal Server Error' } },
    });
    await screen.findByText('Outcomes of early mobilisation', {}, PATIENTLY);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const modal = await screen.findByRole('dialog', { name: 'Upload Record' }, PATIENTLY);
    fireEvent.click(within(modal).getByRole('button', { name: 'Upload' }));
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(THESIS_MESSAGES.uploadFile);

    fireEvent.change(within(modal).getByLabelText('File'), { target: { files: [pdf()] } });
    await within(modal).findByText('review.pdf');
    fireEvent.change(within(modal).getByRole('textbox', { name: 'S-Remark' }), {
      target: { value: 'Chapter 1 draft' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Upload' }));
    expect((await readDialog('Error')).textContent).toContain(THESIS_MESSAGES.uploadFailed);
    expect(sent.find((call) => call.method === 'POST' && call.path === '/records')?.body).toEqual({
      kind: 'synopsis-upload',
      certificateFileId: '00000000-0000-4000-8000-00000000f11e',
      studentRemark: 'Chapter 1 draft',
      details: {},
    });
  });

  it('staff: pick a student first; then all read-only, Action on Pending rows only, approve with feedback', async () => {
    const pending = leaveRow('00000000-0000-4000-8000-0000000000a1', {
      kind: 'synopsis-upload',
      studentRemark: 'Chapter 1 draft',
      certificate: { ...certificateFile, id: '00000000-0000-4000-8000-0000000000b8' },
      details: {},
    });
    const approved = leaveRow('00000000-0000-4000-8000-0000000000a2', {
      kind: 'synopsis-upload',
      status: 'approved',
      studentRemark: 'Chapter 2',
      verifierRemark: 'Well argued',
      verifiedByName: 'Dr. Rao',
      verifiedAt: '2025-03-11T09:00:00.000Z',
      details: {},
    });
    const { sent, router } = renderThesisPage(professor(), 'synopsis', {
      'GET /students?page=1&pageSize=20&sort=name': list([]),
      [`GET /theses/synopsis?studentId=${STUDENT_ID}`]: answer(thesisOf('synopsis')),
      [uploadsPath('synopsis', STUDENT_ID)]: list([pending, approved]),
      [`POST /records/${pending.id}/verification`]: {
        status: 200,
        body: {
          message: RECORD_MESSAGES.verified,
          record: { ...approved, canVerify: false, canDelete: false, history: [] },
        },
      },
    });
    expect(await screen.findByText(ACADEMIC_MESSAGES.studentRequired, {}, PATIENTLY)).toBeTruthy();
    expect(sent.some((call) => call.path.startsWith('/theses'))).toBe(false);

    await router.navigate(`/synopsis?student=${STUDENT_ID}`);
    const table = await screen.findByRole('table', { name: 'Thesis Synopsis Uploads' }, PATIENTLY);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3), PATIENTLY);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      '#',
      'File',
      'S-Remark',
      'Feedback',
      'Status',
      'Verified By',
      'Verified Date',
      'Action',
    ]);
    const [, pendingRow, approvedRow] = within(table).getAllByRole('row') as HTMLElement[];
    expect((pendingRow as HTMLElement).textContent).toContain('Pending');
    expect((approvedRow as HTMLElement).textContent).toContain('Approved');
    expect((approvedRow as HTMLElement).textContent).toContain('Dr. Rao');
    expect((approvedRow as HTMLElement).textContent).toContain('11-03-2025');
    expect(within(approvedRow as HTMLElement).queryByRole('button', { name: /Action/ })).toBeNull();
    // Read-only for staff: no step form, no upload.
    expect(screen.getByText('Outcomes of early mobilisation')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();

    fireEvent.click(within(pendingRow as HTMLElement).getByRole('button', { name: /Action/ }));
    const modal = await screen.findByRole('dialog', { name: 'Action' }, PATIENTLY);
    // The file being approved is in the dialog itself (issue 28), with its download.
    const shown = within(modal).getByRole('img', { name: certificateFile.originalName }) as HTMLImageElement;
    expect(shown.getAttribute('src')).toBe(certificateFile.url);
    expect(
      within(modal).getByRole('link', { name: `Download ${certificateFile.originalName}` }),
    ).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Approve' }));
    expect((await readDialog(VALIDATION_TITLE)).textContent).toContain(RECORD_MESSAGES.verifyAllFields);
    fireEvent.change(within(modal).getByRole('textbox', { name: /Feedback/ }), {
      target: { value: 'Good start' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Approve' }));
    expect((await readDialog('Success')).textContent).toContain(RECORD_MESSAGES.verified);
    expect(sent.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: `/records/${pending.id}/verification`,
      body: { status: 'approved', remark: 'Good start' },
    });
  });
});
