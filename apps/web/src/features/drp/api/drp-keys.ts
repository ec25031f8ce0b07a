/** Base key of every DRP query (postings, attendance, institutions by state). */
export const drpQueryKey = ['drp'] as const;
