import { randomInt } from 'node:crypto';
import { DOCUMENT_CODE_ALPHABET, DOCUMENT_CODE_LENGTH } from '@pgel/shared/reports/documents';

/**
 * A new document code: 10 characters of a 32-letter alphabet (50 bits from the CSPRNG), so codes
 * cannot be guessed to find others' documents; the unique index catches the rare collision.
 */
export function newDocumentCode(): string {
  let code = '';
  for (let i = 0; i < DOCUMENT_CODE_LENGTH; i += 1) {
    code += DOCUMENT_CODE_ALPHABET[randomInt(DOCUMENT_CODE_ALPHABET.length)];
  }
  return code;
}
