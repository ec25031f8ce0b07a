/**
 * The page of one entry: its kind's report with the entry open (`?record={id}`). The Mandatory
 * Checklist has a route of its own (`/checkList`); every other kind is `/task/{kind}`. Used by the
 * dashboard's Pending Verifications and by the links in notification mail.
 */
export function recordPagePath(kindId: string, recordId: string): string {
  const base = kindId === 'checklist' ? '/checkList' : `/task/${kindId}`;
  return `${base}?record=${recordId}`;
}
