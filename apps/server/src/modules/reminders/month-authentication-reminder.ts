import { canWriteLogbook } from '@pgel/shared/auth/policies';
import { MONTH_REMINDER_MESSAGES } from '@pgel/shared/reminders/month-authentication';
import { monthAuthenticationPath } from '@pgel/shared/supervision/month-authentication';
import { AUTHENTICATION_DUE_DAY, addMonths, indiaMonth, monthLabel } from '@pgel/shared/supervision/months';
import type { Executor } from '../../db/client';
import { enqueueMail } from '../../platform/mail';
import { monthGuides, unauthenticatedMonths } from '../monthly-authentication/months-to-authenticate';
import { notify } from '../people/notifications.service';
import { monthReminderMail } from './month-authentication-reminder.mail';
import {
  type DepartmentKey,
  listGuideContacts,
  listResidentDepartments,
} from './month-authentication-reminder.repository';
import type { KindSent, ReminderContext, ReminderKind } from './reminder-kind';
import { dueFromDayOfMonth, hourLabel } from './reminder-schedule';
import { recordSentRows } from './sent-reminders.repository';
import { listDepartmentResidents } from './weekly-update.repository';

/** Departments read per page; each is reminded in a transaction of its own. */
const BATCH = 100;

const KIND = 'month-authentication';

/**
 * Reminds the guides of one department's residents whose `month` is not authenticated; answers
 * how many guides were reminded. One `sent_reminders` row per guide, resident and month: a
 * resident already reminded of is neither mailed nor noticed again, and a guide with no new
 * resident gets nothing.
 */
async function remindGuidesOf(
  tx: Executor,
  department: DepartmentKey,
  month: string,
  context: ReminderContext,
): Promise<number> {
  const residents = (await listDepartmentResidents(tx, department)).filter((resident) =>
    canWriteLogbook({ ...resident, role: null }),
  );
  const months = await unauthenticatedMonths(tx, residents, { from: month, through: month });
  if (months.length === 0) return 0;
  const residentOf = new Map(residents.map((resident) => [resident.id, resident]));
  const behind = months.flatMap((m) => {
    const resident = residentOf.get(m.studentId);
    return resident ? [{ resident, changed: m.changedAt !== null }] : [];
  });
  const guides = await monthGuides(
    tx,
    behind.map((b) => b.resident),
  );
  const contacts = new Map(
    (await listGuideContacts(tx, [...new Set([...guides.values()].map((guide) => guide.id))])).map((c) => [
      c.id,
      c,
    ]),
  );
  const claims = behind.flatMap(({ resident }) => {
    const contact = contacts.get(guides.get(resident.id)?.id ?? '');
    return contact
      ? [
          {
            userId: contact.id,
            kind: KIND,
            subjectId: resident.id,
            period: month,
            collegeId: contact.collegeId,
          },
        ]
      : [];
  });
  const fresh = new Set((await recordSentRows(tx, claims)).map((row) => `${row.userId}:${row.subjectId}`));
  const byGuide = new Map<string, typeof behind>();
  for (const b of behind) {
    const guideId = guides.get(b.resident.id)?.id;
    if (!guideId || !fresh.has(`${guideId}:${b.resident.id}`)) continue;
    const list = byGuide.get(guideId);
    if (list) list.push(b);
    else byGuide.set(guideId, [b]);
  }
  for (const [guideId, list] of byGuide) {
    const contact = contacts.get(guideId);
    if (!contact) continue;
    const named = [...list].sort((a, b) => a.resident.name.localeCompare(b.resident.name));
    await notify(tx, {
      toId: contact.id,
      description: MONTH_REMINDER_MESSAGES.notice(
        month,
        named.map((b) => b.resident.name),
      ),
      // One resident: their month; several: the dashboard's card of residents to authenticate.
      url: named.length === 1 ? monthAuthenticationPath(named[0]?.resident.id ?? '', month) : '/dashboard',
      collegeId: contact.collegeId,
    });
    await enqueueMail(
      tx,
      monthReminderMail({
        to: contact.email,
        name: contact.name,
        month,
        residents: named.map((b) => ({ id: b.resident.id, name: b.resident.name, changed: b.changed })),
        appUrl: context.appUrl,
      }),
    );
  }
  return byGuide.size;
}

/**
 * The guide's monthly reminder (issue 30): from the 10th of a month at the reminder hour (India
 * time), each guide (the thesis guide once chosen, else the unit head: monthly-authentication's
 * `monthGuides`) of residents who may write the logbook and whose previous month, a month of
 * their course, is not authenticated (never signed, or changed after its signature) gets one
 * notice in the app and one mail naming those residents, with links to their months. The period
 * is that month; the subject of each `sent_reminders` row the resident, so a resident is reminded
 * of once per guide and month, however often the pass runs.
 */
export const monthAuthenticationReminder: ReminderKind = {
  id: KIND,

  describePeriod: (period) => `month of ${monthLabel(period)}`,
  describeDue: (schedule) => `the ${AUTHENTICATION_DUE_DAY}th of the month, ${hourLabel(schedule)}`,

  periodDue(now, schedule) {
    return dueFromDayOfMonth(now, AUTHENTICATION_DUE_DAY, schedule) ? addMonths(indiaMonth(now), -1) : null;
  },

  async send(context: ReminderContext, period: string): Promise<KindSent> {
    let count = 0;
    let after: DepartmentKey | null = null;
    for (;;) {
      const departments = await listResidentDepartments(context.db, { after, limit: BATCH });
      for (const department of departments) {
        count += await context.db.transaction((tx) => remindGuidesOf(tx, department, period, context));
      }
      const last = departments.at(-1);
      if (departments.length < BATCH || !last) break;
      after = last;
    }
    return { recipients: 'guide', count, channels: ['app', 'mail'] };
  },
};
