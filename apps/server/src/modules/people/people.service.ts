import type { StaffRole } from '@pgel/shared/roles';
import { FILE_MESSAGES } from '@pgel/shared/schemas/files';
import {
  BLOOD_GROUPS,
  choosesVerificationMail,
  MEDICAL_COUNCILS,
  PROFILE_MESSAGES,
  type Profile,
  type Teacher,
  UNIVERSITIES,
  type UpdatePreferencesInput,
  type UpdatePreferencesResponse,
  type UpdateProfileInput,
  type UpdateProfileResponse,
  VACCINATION_STATUSES,
  VERIFICATION_MAIL_MODES,
} from '@pgel/shared/schemas/profile';
import type { Database } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { fileUrl } from '../../platform/files';
import type { SessionActor } from '../../platform/session';
import type { AuthService } from '../auth/auth.service';
import type { FilesService } from '../files/files.service';
import * as repo from './people.repository';

/**
 * A stored value that is no longer one of the choices (a list changed) reads as empty instead
 * of failing the whole page; the next save stores a current choice.
 */
function choice<T extends string>(list: readonly T[], value: string | null): T | null {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;
}

function fileRef(id: string | null, name: string | null, contentType: string | null) {
  return id && name && contentType ? { id, originalName: name, contentType, url: fileUrl(id) } : null;
}

/** The columns Edit Profile writes, in the order the audit row lists them. */
type ProfileColumns = Pick<
  repo.UserRow,
  | 'name'
  | 'dob'
  | 'bloodGroup'
  | 'vaccinationStatus'
  | 'registrationNumber'
  | 'medicalCouncil'
  | 'validUpto'
  | 'address'
  | 'joiningDate'
  | 'regDate'
  | 'university'
  | 'universityRollNo'
  | 'collegeRollNo'
  | 'fatherName'
  | 'motherName'
  | 'unitHeadId'
  | 'profilePicFileId'
  | 'idProofFileId'
>;

/** Profiles and teacher lists (spec 01 sections 2.10 and 3). Everyone edits only their own. */
export class PeopleService {
  constructor(private readonly deps: { db: Database; files: FilesService; auth: AuthService }) {}

  async getProfile(actor: SessionActor): Promise<Profile> {
    const row = await repo.loadProfileRow(this.deps.db, actor.id);
    if (!row) throw AppError.unauthorized();
    const u = row.user;
    return {
      name: u.name,
      email: u.email,
      phone: u.phone,
      role: u.role as StaffRole | null,
      referralId: u.referralId,
      verifyByHod: u.verifyByHod,
      collegeName: row.collegeName,
      departmentName: row.departmentName,
      courseTitle: row.courseTitle,
      dob: u.dob,
      bloodGroup: choice(BLOOD_GROUPS, u.bloodGroup),
      vaccinationStatus: choice(VACCINATION_STATUSES, u.vaccinationStatus),
      registrationNumber: u.registrationNumber,
      medicalCouncil: choice(MEDICAL_COUNCILS, u.medicalCouncil),
      validUpto: u.validUpto,
      address: u.address,
      joiningDate: u.joiningDate,
      regDate: u.regDate,
      university: choice(UNIVERSITIES, u.university),
      universityRollNo: u.universityRollNo,
      collegeRollNo: u.collegeRollNo,
      fatherName: u.fatherName,
      motherName: u.motherName,
      unitHeadId: u.unitHeadId,
      profilePic: fileRef(row.photoId, row.photoName, row.photoType),
      idProof: fileRef(row.idProofId, row.idProofName, row.idProofType),
      verificationMail: choosesVerificationMail(u)
        ? (choice(VERIFICATION_MAIL_MODES, u.verificationMail) ?? 'digest')
        : null,
    };
  }

  /**
   * Saves the profile's preferences (`PATCH /profile`): how verification e-mails arrive. Only
   * staff who verify entries choose it; anyone else sending it is told so (400), not ignored.
   */
  async updatePreferences(
    actor: SessionActor,
    input: UpdatePreferencesInput,
    meta: { ip: string },
  ): Promise<UpdatePreferencesResponse> {
    await this.deps.db.transaction(async (tx) => {
      const before = await repo.lockUser(tx, actor.id);
      if (!before) throw AppError.unauthorized();
      if (!choosesVerificationMail(before)) {
        throw AppError.validation(PROFILE_MESSAGES.verificationMailFacultyOnly);
      }
      if (before.verificationMail === input.verificationMail) return;
      await repo.updateUser(tx, actor.id, { verificationMail: input.verificationMail });
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'user.preferences_update',
        entity: 'user',
        entityId: actor.id,
        collegeId: before.collegeId,
        ip: meta.ip,
        before: { verificationMail: before.verificationMail },
        after: { verificationMail: input.verificationMail },
      });
    });
    return { message: PROFILE_MESSAGES.verificationMailSaved, verificationMail: input.verificationMail };
  }

  /**
   * Saves Edit Profile in one transaction. Files must be the caller's own uploads for the right
   * purpose; a student's unit head must teach in the student's college and department. Staff
   * have no unit head: what they send for it is ignored.
   */
  async updateProfile(
    actor: SessionActor,
    input: UpdateProfileInput,
    meta: { ip: string },
  ): Promise<UpdateProfileResponse> {
    const { db, files } = this.deps;
    await db.transaction(async (tx) => {
      const before = await repo.lockUser(tx, actor.id);
      if (!before) throw AppError.unauthorized();
      const isStudent = before.role === null;

      // A reference that does not change was checked when it was set.
      if (input.profilePicFileId !== null && input.profilePicFileId !== before.profilePicFileId) {
        await files.requireOwnFile(
          tx,
          actor.id,
          input.profilePicFileId,
          'profile_photo',
          FILE_MESSAGES.imagesOnly,
        );
      }
      if (input.idProofFileId !== null && input.idProofFileId !== before.idProofFileId) {
        await files.requireOwnFile(tx, actor.id, input.idProofFileId, 'id_proof', FILE_MESSAGES.imageOrPdf);
      }
      let unitHeadId = before.unitHeadId;
      if (isStudent) {
        if (input.unitHeadId !== null && input.unitHeadId !== before.unitHeadId) {
          const teacher =
            before.collegeId && before.departmentId
              ? await repo.findTeacher(tx, before.collegeId, before.departmentId, input.unitHeadId)
              : undefined;
          if (!teacher) throw AppError.validation(PROFILE_MESSAGES.unitHead);
        }
        unitHeadId = input.unitHeadId;
      }

      const next: ProfileColumns = {
        name: input.name,
        dob: input.dob,
        bloodGroup: input.bloodGroup,
        vaccinationStatus: input.vaccinationStatus,
        registrationNumber: emptyToNull(input.registrationNumber),
        medicalCouncil: input.medicalCouncil,
        validUpto: input.validUpto,
        address: emptyToNull(input.address),
        joiningDate: input.joiningDate,
        regDate: input.regDate,
        university: input.university,
        universityRollNo: emptyToNull(input.universityRollNo),
        collegeRollNo: emptyToNull(input.collegeRollNo),
        fatherName: emptyToNull(input.fatherName),
        motherName: emptyToNull(input.motherName),
        unitHeadId,
        profilePicFileId: input.profilePicFileId,
        idProofFileId: input.idProofFileId,
      };
      const changedBefore: Partial<ProfileColumns> = {};
      const changedAfter: Partial<ProfileColumns> = {};
      for (const key of Object.keys(next) as Array<keyof ProfileColumns>) {
        if (before[key] !== next[key]) {
          Object.assign(changedBefore, { [key]: before[key] });
          Object.assign(changedAfter, { [key]: next[key] });
        }
      }
      if (Object.keys(changedAfter).length === 0) return;
      await repo.updateUser(tx, actor.id, changedAfter);
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'user.profile_update',
        entity: 'user',
        entityId: actor.id,
        collegeId: before.collegeId,
        ip: meta.ip,
        before: changedBefore,
        after: changedAfter,
      });
    });
    const user = await this.deps.auth.requireSessionUser(actor.id);
    return { message: PROFILE_MESSAGES.success, user };
  }

  /**
   * Teachers of the caller's own college and department, by name: the unit-head choice of the
   * profile page. Students and staff may ask; the scope always comes from the session.
   */
  async listTeachers(actor: SessionActor): Promise<Teacher[]> {
    if (!actor.collegeId || !actor.departmentId) return [];
    const rows = await repo.listTeachers(this.deps.db, actor.collegeId, actor.departmentId);
    return rows.map((row) => ({ id: row.id, name: row.name, role: row.role as StaffRole | null }));
  }
}

/** An optional text left empty is stored as null, like one never filled in. */
function emptyToNull(value: string | null): string | null {
  return value === null || value === '' ? null : value;
}
