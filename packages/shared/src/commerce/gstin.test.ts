import { describe, expect, it } from 'vitest';
import { STATES_OF_INDIA } from '../schemas/reference-admin';
import { GST_STATE_CODES, gstinCheckCharacter, gstinMatchesState, gstinProblem } from './gstin';
import { INVOICE_MESSAGES, SellerSettingsInputSchema } from './invoices';

// Published GSTINs whose check characters are known.
const VALID = ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '33AAACH7409R1Z8', '24AAACC1206D1ZM'];

describe('GSTIN', () => {
  it.each(VALID)('accepts %s', (gstin) => {
    expect(gstinProblem(gstin)).toBeNull();
    expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin.charAt(14));
  });

  it.each([
    ['27AAPFU0939F1ZW', 'checksum'],
    ['27AAPFU0939F1Z', 'format'],
    ['27AAPFU0939F1YV', 'format'],
    ['2AAAPFU0939F1ZV', 'format'],
    ['27AAPF10939F1ZV', 'format'],
    ['27aapfu0939f1zv', 'format'],
    ['27AAPFU0939F0ZV', 'format'],
  ])('refuses %s (%s)', (gstin, problem) => {
    expect(gstinProblem(gstin)).toBe(problem);
  });

  it('knows every state and the state a GSTIN was issued in', () => {
    expect(Object.keys(GST_STATE_CODES).sort()).toEqual([...STATES_OF_INDIA].sort());
    expect(gstinMatchesState('27AAPFU0939F1ZV', 'Maharashtra')).toBe(true);
    expect(gstinMatchesState('27AAPFU0939F1ZV', 'Kerala')).toBe(false);
  });
});

describe('SellerSettingsInputSchema', () => {
  const base = { legalName: 'Logbook Services Pvt Ltd', address: '12 MG Road, Pune', state: 'Maharashtra' };

  it('upper-cases the GSTIN and keeps an empty one as none', () => {
    const parsed = SellerSettingsInputSchema.parse({
      ...base,
      gstin: ' 27aapfu0939f1zv ',
      sacCode: '998315',
    });
    expect(parsed.gstin).toBe('27AAPFU0939F1ZV');
    expect(SellerSettingsInputSchema.parse({ ...base, gstin: '', sacCode: '998315' }).gstin).toBeNull();
  });

  it.each([
    [{ gstin: '27AAPFU0939F1ZW' }, INVOICE_MESSAGES.gstinChecksum],
    [{ gstin: '27AAPFU0939' }, INVOICE_MESSAGES.gstinFormat],
    [{ gstin: '29AAGCB7383J1Z4' }, INVOICE_MESSAGES.gstinState('Maharashtra')],
    [{ sacCode: '123456' }, INVOICE_MESSAGES.sacInvalid],
  ])('refuses %o', (change, message) => {
    const result = SellerSettingsInputSchema.safeParse({
      ...base,
      gstin: null,
      sacCode: '998315',
      ...change,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });
});

describe('SellerSettingsInputSchema with several problems', () => {
  it('names a bad GSTIN beside a missing state, so a form shows both', () => {
    const result = SellerSettingsInputSchema.safeParse({
      legalName: 'Logbook Services Pvt Ltd',
      address: '12 MG Road, Pune',
      gstin: '27AAPFU0939F1ZW',
      sacCode: '998315',
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['state', INVOICE_MESSAGES.stateRequired],
      ['gstin', INVOICE_MESSAGES.gstinChecksum],
    ]);
  });
});
