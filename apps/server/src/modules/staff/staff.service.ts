import type { QueueingDeps } from '../../platform/service-deps';
import { StaffAccountsService } from './staff-accounts.service';
import { StaffAssignmentService } from './staff-assignment.service';
import { StaffConfirmationService } from './staff-confirmation.service';
import { TeachersService } from './teachers.service';

/**
 * Staff administration (spec 03 sections 2, 5, 6, 8) and students adding their teachers (spec 01
 * section 1, step 3), in four parts: the accounts (list, add, edit, status, password), Assign
 * Students, a student's own teachers, and confirming the verifiers students proposed (issue 27). Every change is checked on the loaded, locked row,
 * written in one transaction with its audit row, and its mail and messages are queued in it.
 */
export class StaffService {
  readonly accounts: StaffAccountsService;
  readonly assignments: StaffAssignmentService;
  readonly teachers: TeachersService;
  readonly confirmations: StaffConfirmationService;

  constructor(deps: QueueingDeps) {
    this.accounts = new StaffAccountsService(deps);
    this.assignments = new StaffAssignmentService(deps);
    this.teachers = new TeachersService(deps);
    this.confirmations = new StaffConfirmationService(deps);
  }
}
