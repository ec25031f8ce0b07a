/** `/printLogbook/:studentId/print` (issue 14): built by the print work. */
export function PrintLogbookSheetPage() {
  return null;
}
