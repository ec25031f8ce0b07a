/**
 * The facts every legal text states (spec 01 section 9), kept in one place so the terms, the
 * refund policy and the disclaimer can never contradict each other.
 */
export const LEGAL_FACTS = {
  effectiveDate: '9 April 2025',
  subscriptionYears: 3,
  gstPercent: 18,
  refundRequestDays: 5,
  refundCreditBusinessDays: '5 to 8 business days',
  refundBankWorkingDays: '7 to 10 working days',
  technicalFailureBusinessDays: 5,
  disputeWindowDays: 7,
  amicableResolutionDays: 30,
  governingLaw: 'the laws of India',
  arbitrationSeat: 'New Delhi',
} as const;

export const NOT_AFFILIATED =
  'PG e-Logbook is an independent product and is not affiliated with, endorsed by or acting for the National Medical Commission (NMC).';
