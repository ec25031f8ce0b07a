/** `/printLogbook` (issue 14): built by the print work. */
export function PrintLogbookPage() {
  return null;
}
