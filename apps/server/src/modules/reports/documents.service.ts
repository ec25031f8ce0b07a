import type { Database } from '../../db/client';
import type { PrintService } from './print.service';

/** Verifiable logbook PDFs and their public check (issue 14). */
export class DocumentsService {
  constructor(readonly deps: { db: Database; print: PrintService; appUrl: string }) {}
}
