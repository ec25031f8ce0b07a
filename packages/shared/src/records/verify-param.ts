/**
 * The query parameter that opens an entry's verification (the Action modal) at once, for staff
 * who may verify it; others see the entry as its page shows it (issue 30). A module of its own:
 * the session guard reads it without loading the record-kind registry.
 */
export const VERIFY_PARAM = 'verify';
