import { DRP_COORDINATOR_TEXT, DRP_MESSAGES as M } from '@pgel/shared/drp/postings';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../db/schema/index';
import { toWhatsAppNumber } from '../../platform/notifier';
import { createDrpInstitution, type DrpWorld, dayFromToday, withDrpWorld } from '../../test/drp-world';
import { get, messagesTo, post, type TestApp, unique, uniquePhone } from '../../test/helpers';

type Coordinator = { id: string; name: string; email: string; phone: string };

/**
 * An institution's known coordinator is per college (docs/decisions/012): the prefill route and
 * a new posting reuse only the coordinator of the latest posting there by the same college.
 */
describe("DRP: an institution's coordinator, per college", () => {
  let t: TestApp;
  let w: DrpWorld;

  withDrpWorld((app, world) => {
    t = app;
    w = world;
  });

  const accountOf = async (email: string) =>
    (await t.db.select().from(users).where(eq(users.email, email)))[0];
  const mailTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

  it("a student of another college gets no prefill and their own typed coordinator's new account", async () => {
    const institution = await createDrpInstitution(t.db, 'Odisha');
    const prefill = (cookie: string) =>
      get(t.app, `/api/v1/drp/institutions/${institution.id}/coordinator`, { cookie });
    const form = (scheduleFrom: string) => ({
      state: institution.state,
      institutionId: institution.id,
      coordinatorName: `Dr. ${unique('Coord')}`,
      coordinatorEmail: `${unique('drpc')}@district.test`,
      coordinatorPhone: uniquePhone(),
      scheduleFrom,
    });
    const add = async (body: Record<string, unknown>, cookie: string) => {
      const response = await post(t.app, '/api/v1/drp/postings', body, { cookie });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json.message).toBe(M.added);
      return (response.json.posting as { coordinator: Coordinator }).coordinator;
    };

    // The home college's student names the institution's first coordinator.
    const homeForm = form(dayFromToday(700));
    const homeCoordinator = await add(homeForm, w.actors.student.cookie);
    expect(homeCoordinator.email).toBe(homeForm.coordinatorEmail);
    const known = {
      coordinator: {
        name: homeForm.coordinatorName,
        email: homeForm.coordinatorEmail,
        phone: homeForm.coordinatorPhone,
      },
    };
    expect((await prefill(w.actors.faculty.cookie)).json).toEqual(known);
    for (const south of [w.actors.otherCollegeStudent, w.actors.hodOtherCollege]) {
      const response = await prefill(south.cookie);
      expect(response.statusCode, south.name).toBe(200);
      expect(response.json, south.name).toEqual({ coordinator: null });
    }

    // The south college's student types someone else: that person is their coordinator.
    const southForm = form(dayFromToday(700));
    const southCoordinator = await add(southForm, w.actors.otherCollegeStudent.cookie);
    expect(southCoordinator).toMatchObject({
      name: southForm.coordinatorName,
      email: southForm.coordinatorEmail,
      phone: southForm.coordinatorPhone,
    });
    expect(southCoordinator.id).not.toBe(homeCoordinator.id);
    const account = await accountOf(southForm.coordinatorEmail);
    expect(account).toMatchObject({
      id: southCoordinator.id,
      role: 'drp_coordinator',
      collegeId: null,
      addedById: w.actors.otherCollegeStudent.id,
      phone: `+91${southForm.coordinatorPhone}`,
    });
    expect((await mailTo(southForm.coordinatorEmail)).map((m) => m.subject)).toEqual([
      DRP_COORDINATOR_TEXT.subject,
    ]);
    expect(await messagesTo(t.db, toWhatsAppNumber(account?.phone) ?? '')).toHaveLength(1);
    // The home college's coordinator hears nothing of the south student.
    expect((await mailTo(homeCoordinator.email)).map((m) => m.subject)).toEqual([
      DRP_COORDINATOR_TEXT.subject,
    ]);

    // Each college now prefills its own coordinator, and its next posting uses them.
    expect((await prefill(w.actors.hodOtherCollege.cookie)).json).toEqual({
      coordinator: {
        name: southForm.coordinatorName,
        email: southForm.coordinatorEmail,
        phone: southForm.coordinatorPhone,
      },
    });
    expect((await prefill(w.actors.hod.cookie)).json).toEqual(known);
    const next = await add(
      { ...form(dayFromToday(700)), studentId: w.actors.otherStudent.id },
      w.actors.faculty.cookie,
    );
    expect(next.id).toBe(homeCoordinator.id);
  });
});
