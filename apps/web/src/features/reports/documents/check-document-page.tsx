/** `/check/:code` (issue 14): built by the documents work. */
export function CheckDocumentPage() {
  return null;
}
