import { amountInWords } from '@pgel/shared/commerce/amount-words';
import { financialYearOf, INVOICE_MESSAGES } from '@pgel/shared/commerce/invoices';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colleges, invoiceSeries, invoices, paymentOrders } from '../../db/schema/index';
import { createSession, SESSION_COOKIE } from '../../platform/session';
import {
  APP_URL,
  buildTestApp,
  createPlacement,
  createUser,
  get,
  type Placement,
  put,
  type TestApp,
} from '../../test/helpers';
import {
  completeSandbox,
  createCoupon,
  createOrder,
  sandboxIdOf,
  seededPackage,
  studentWithSession,
  verifyOrder,
} from '../../test/payments-world';
import { readPdf } from '../../test/pdf-reader';
import { type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';

/**
 * GST tax invoices (issue 28): a verified payment issues one invoice from the financial year's
 * series, with CGST + SGST or IGST by the buyer's state, mails it and keeps it on the profile.
 */
describe('GST tax invoices', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let kerala: Placement;
  let tamilNadu: Placement;
  let masterCookie: string;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await buildTestApp({ smtpUrl: smtp.smtpUrl });
    kerala = await createPlacement(t.db);
    tamilNadu = await createPlacement(t.db);
    await t.db.update(colleges).set({ state: 'Tamil Nadu' }).where(eq(colleges.id, tamilNadu.college.id));
    const master = await createUser(t.db, { role: 'master' });
    masterCookie = await cookieFor(master.id);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  async function cookieFor(userId: string) {
    const settings = { idleMs: 3_600_000, absoluteMs: 3_600_000, secureCookie: false };
    const { token } = await createSession(t.db, settings, userId, { ip: '127.0.0.1', userAgent: 'vitest' });
    return `${SESSION_COOKIE}=${token}`;
  }

  /** A student of the placement who buys Single through the sandbox; answers their invoice row. */
  async function buy(placement: Placement, couponCode?: string) {
    const student = await studentWithSession(t.db, { placement });
    const single = await seededPackage(t.db);
    const created = await createOrder(t.app, student.cookie, {
      packageId: single.id,
      gateway: 'sandbox',
      ...(couponCode ? { couponCode } : {}),
    });
    expect(created.statusCode, created.body).toBe(201);
    const orderId = (created.json.order as { id: string }).id;
    await completeSandbox(t.app, student.cookie, sandboxIdOf(created), 'success');
    const verified = await verifyOrder(t.app, student.cookie, orderId);
    expect(verified.json.status, verified.body).toBe('paid');
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.paymentOrderId, orderId));
    if (!invoice) throw new Error('no invoice for the paid order');
    // The verification replaced the session: the student signs in again.
    return { student: { ...student, cookie: await cookieFor(student.id) }, orderId, invoice, verified };
  }

  async function pdfText(id: string, cookie: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invoices/${id}/pdf`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('attachment; filename="Invoice-INV-');
    return readPdf(response.rawPayload, { qr: false })
      .map((page) => page.text)
      .join('\n');
  }

  it('with no seller settings, the invoice says "GSTIN not set", charges IGST and reaches the student by mail', async () => {
    const { student, invoice, verified } = await buy(kerala);
    const order = verified.json.order as { gstPaise: number; amountPaise: number; taxablePaise: number };
    const year = financialYearOf(invoice.issuedAt);
    expect(invoice).toMatchObject({
      financialYear: year,
      sequence: 1,
      number: `INV/${year.slice(2)}/000001`,
      seller: { legalName: 'PG e-Logbook', address: 'New Delhi, India', state: null, gstin: null },
      buyerName: student.name,
      buyerEmail: student.email,
      buyerState: 'Kerala',
      sacCode: '998315',
      taxablePaise: order.taxablePaise,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: order.gstPaise,
      totalPaise: order.amountPaise,
    });

    const text = await pdfText(invoice.id, student.cookie);
    expect(text).toContain(INVOICE_MESSAGES.title);
    expect(text).toContain(`GSTIN: ${INVOICE_MESSAGES.gstinNotSet}`);
    expect(text).toContain(invoice.number);
    expect(text).toContain('IGST @ 18%');
    expect(text).not.toContain('CGST');
    expect(text).toContain('11,798.82');
    expect(text.replace(/\s+/g, ' ')).toContain(amountInWords(order.amountPaise));

    const mail = await smtp.waitForMail(student.email);
    expect(mail.subject).toBe(`Tax invoice ${invoice.number} - PG e-Logbook`);
    expect(mail.text).toContain(invoice.number);
    expect(mail.text).toContain('₹ 11,798.82');
    expect(mail.text).toContain(`${APP_URL}/profile#invoices`);
  });

  it('shows no GSTIN until Master sets one, checks the GSTIN, and is Master’s only', async () => {
    const hod = await createUser(t.db, { role: 'hod', placement: kerala });

    const fresh = await get(t.app, '/api/v1/settings/seller', { cookie: masterCookie });
    expect(fresh.json).toEqual({
      legalName: 'PG e-Logbook',
      address: 'New Delhi, India',
      state: null,
      gstin: null,
      sacCode: '998315',
    });

    const body = {
      legalName: 'Logbook Services Pvt Ltd',
      address: '12 MG Road, Pune',
      state: 'Maharashtra',
      gstin: '27AAPFU0939F1ZV',
      sacCode: '998315',
    };
    for (const [change, message] of [
      [{ gstin: '27AAPFU0939F1ZW' }, INVOICE_MESSAGES.gstinChecksum],
      [{ gstin: '27AAPFU0939' }, INVOICE_MESSAGES.gstinFormat],
      [{ state: 'Kerala' }, INVOICE_MESSAGES.gstinState('Kerala')],
      [{ sacCode: '12345' }, INVOICE_MESSAGES.sacInvalid],
      [{ legalName: '' }, INVOICE_MESSAGES.legalNameRequired],
    ] as const) {
      const refused = await put(
        t.app,
        '/api/v1/settings/seller',
        { ...body, ...change },
        { cookie: masterCookie },
      );
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(refused.body).toContain(message);
    }
    const asHod = await put(t.app, '/api/v1/settings/seller', body, { cookie: await cookieFor(hod.id) });
    expect(asHod.statusCode).toBe(403);

    const saved = await put(
      t.app,
      '/api/v1/settings/seller',
      { ...body, gstin: '' },
      { cookie: masterCookie },
    );
    expect(saved.json.seller).toEqual({ ...body, gstin: null });
    const read = await get(t.app, '/api/v1/settings/seller', { cookie: masterCookie });
    expect(read.json).toEqual({ ...body, gstin: null });
  });

  it('splits the GST into CGST + SGST in the seller’s state and charges IGST across states, numbering on', async () => {
    const saved = await put(
      t.app,
      '/api/v1/settings/seller',
      {
        legalName: 'Logbook Services Pvt Ltd',
        address: '4 Marine Drive, Kochi',
        state: 'Kerala',
        gstin: '32aapfu0939f1z4',
        sacCode: '998315',
      },
      { cookie: masterCookie },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json.message).toBe(INVOICE_MESSAGES.saved);

    // Within Kerala, with a coupon: an odd GST, halved so the parts still add up.
    const coupon = await createCoupon(t.db, { discountPaise: 99_901, quantity: 1 });
    const intra = await buy(kerala, coupon.code);
    const gst = intra.invoice.cgstPaise + intra.invoice.sgstPaise;
    expect(intra.invoice).toMatchObject({
      sequence: 2,
      buyerState: 'Kerala',
      seller: { legalName: 'Logbook Services Pvt Ltd', state: 'Kerala', gstin: '32AAPFU0939F1Z4' },
      igstPaise: 0,
      taxablePaise: 899_999,
      totalPaise: 899_999 + 162_000,
    });
    expect(gst).toBe(162_000);
    expect(intra.invoice.cgstPaise - intra.invoice.sgstPaise).toBeLessThanOrEqual(1);
    const intraText = await pdfText(intra.invoice.id, intra.student.cookie);
    expect(intraText).toContain('GSTIN: 32AAPFU0939F1Z4');
    expect(intraText).toContain('CGST @ 9%');
    expect(intraText).toContain('SGST @ 9%');
    expect(intraText).not.toContain('IGST');
    expect(intraText).toContain(`coupon ${coupon.code}`);
    expect(intraText).toContain('Place of supply: Kerala (32)');

    const inter = await buy(tamilNadu);
    expect(inter.invoice).toMatchObject({
      sequence: 3,
      buyerState: 'Tamil Nadu',
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 179_982,
      totalPaise: 1_179_882,
    });
    const [series] = await t.db
      .select()
      .from(invoiceSeries)
      .where(eq(invoiceSeries.financialYear, inter.invoice.financialYear));
    expect(series?.lastNumber).toBe(3);
  });

  it('issues one invoice per order however often it is verified, and none for a payment to refund', async () => {
    const { student, orderId } = await buy(kerala);
    await verifyOrder(t.app, student.cookie, orderId);
    expect(await t.db.select().from(invoices).where(eq(invoices.paymentOrderId, orderId))).toHaveLength(1);

    // The coupon ran out before this payment was verified: kept for a refund, no invoice.
    const coupon = await createCoupon(t.db, { discountPaise: 1000, quantity: 1, usedCount: 1 });
    const late = await studentWithSession(t.db, { placement: kerala });
    const created = await createOrder(t.app, late.cookie, {
      packageId: (await seededPackage(t.db)).id,
      gateway: 'sandbox',
    });
    const lateOrderId = (created.json.order as { id: string }).id;
    // The order names the coupon as if it had been priced with it (validation refuses a used one).
    await t.db.update(paymentOrders).set({ couponId: coupon.id }).where(eq(paymentOrders.id, lateOrderId));
    await completeSandbox(t.app, late.cookie, sandboxIdOf(created), 'success');
    const verified = await verifyOrder(t.app, late.cookie, lateOrderId);
    expect(verified.json.status).toBe('refund_due');
    expect(await t.db.select().from(invoices).where(eq(invoices.paymentOrderId, lateOrderId))).toHaveLength(
      0,
    );
  });

  it('lists a student’s own invoices; the PDF is theirs and Master’s only', async () => {
    const { student, invoice } = await buy(kerala);
    const other = await studentWithSession(t.db, { placement: kerala, paid: true });
    const hod = await createUser(t.db, { role: 'hod', placement: kerala });

    const mine = await get(t.app, '/api/v1/me/invoices', { cookie: student.cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.json.items).toEqual([
      expect.objectContaining({ id: invoice.id, number: invoice.number, totalPaise: 1_179_882 }),
    ]);
    const theirs = await get(t.app, '/api/v1/me/invoices', { cookie: other.cookie });
    expect(theirs.json.items).toEqual([]);

    const url = `/api/v1/invoices/${invoice.id}/pdf`;
    expect((await get(t.app, url)).statusCode).toBe(401);
    for (const cookie of [other.cookie, await cookieFor(hod.id)]) {
      const refused = await get(t.app, url, { cookie });
      expect(refused.statusCode).toBe(404);
      expect(refused.json.message).toBe(INVOICE_MESSAGES.notFound);
    }
    expect((await get(t.app, url, { cookie: masterCookie })).statusCode).toBe(200);
    expect((await get(t.app, '/api/v1/invoices/not-a-uuid/pdf', { cookie: masterCookie })).statusCode).toBe(
      404,
    );

    const all = await get(t.app, `/api/v1/invoices?search=${encodeURIComponent(student.email)}`, {
      cookie: masterCookie,
    });
    expect(all.statusCode).toBe(200);
    expect(all.json).toMatchObject({ total: 1, items: [{ id: invoice.id, buyerName: student.name }] });
    expect((await get(t.app, '/api/v1/invoices', { cookie: student.cookie })).statusCode).toBe(403);
  });
});
