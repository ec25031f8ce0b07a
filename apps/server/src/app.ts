import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import { GENERIC_MESSAGES } from '@pgel/shared/schemas/common';
import { MAX_UPLOAD_BYTES } from '@pgel/shared/schemas/files';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { assessmentsRoutes } from './modules/assessments/assessments.routes';
import { AssessmentsService } from './modules/assessments/assessments.service';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { PasswordConfirmation } from './modules/auth/password-confirmation.service';
import { StaffCredentialsService } from './modules/auth/staff-credentials.service';
import { bonafideRoutes } from './modules/bonafide/bonafide.routes';
import { BonafideService } from './modules/bonafide/bonafide.service';
import { commerceAdminRoutes } from './modules/commerce/admin.routes';
import { CommerceAdminService } from './modules/commerce/admin.service';
import { createGateways } from './modules/commerce/gateways/index';
import { invoicesRoutes } from './modules/commerce/invoices.routes';
import { InvoicesService } from './modules/commerce/invoices.service';
import { paymentsRoutes } from './modules/commerce/payments.routes';
import { PaymentsService } from './modules/commerce/payments.service';
import { crmRoutes } from './modules/crm/crm.routes';
import { CrmService } from './modules/crm/crm.service';
import { AttendanceService } from './modules/drp/attendance.service';
import { drpRoutes } from './modules/drp/drp.routes';
import { DrpService } from './modules/drp/drp.service';
import { favouritesRoutes } from './modules/favourites/favourites.routes';
import { FavouritesService } from './modules/favourites/favourites.service';
import { filesRoutes } from './modules/files/files.routes';
import { FilesService } from './modules/files/files.service';
import { memosRoutes } from './modules/memos/memos.routes';
import { MemosService } from './modules/memos/memos.service';
import { monthlyAuthenticationRoutes } from './modules/monthly-authentication/monthly-authentication.routes';
import { MonthlyAuthenticationService } from './modules/monthly-authentication/monthly-authentication.service';
import { notificationRoutes } from './modules/people/notifications.routes';
import { NotificationService } from './modules/people/notifications.service';
import { peopleRoutes } from './modules/people/people.routes';
import { PeopleService } from './modules/people/people.service';
import { patientAccessRoutes } from './modules/privacy/patient-access.routes';
import { PatientAccessService } from './modules/privacy/patient-access.service';
import { recordOptionsRoutes } from './modules/records/record-options.routes';
import { RecordOptionsService } from './modules/records/record-options.service';
import { SearchTextBackfill } from './modules/records/record-search';
import { recordsRoutes } from './modules/records/records.routes';
import { RecordsService } from './modules/records/records.service';
import { prepareSensitiveDetails } from './modules/records/sensitive-details';
import { VerificationDigest } from './modules/records/verification-digest';
import { referenceRoutes } from './modules/reference/reference.routes';
import { ReferenceService } from './modules/reference/reference.service';
import { referenceAdminRoutes } from './modules/reference/reference-admin.routes';
import { ReferenceAdminService } from './modules/reference/reference-admin.service';
import { ReminderPass } from './modules/reminders/reminder-pass';
import { remindersRoutes } from './modules/reminders/reminders.routes';
import { WeeklyUpdatesService } from './modules/reminders/weekly-updates.service';
import { activityReportRoutes } from './modules/reports/activity.routes';
import { ActivityReportService } from './modules/reports/activity.service';
import { documentsRoutes } from './modules/reports/documents.routes';
import { DocumentsService } from './modules/reports/documents.service';
import { printRoutes } from './modules/reports/print.routes';
import { PrintService } from './modules/reports/print.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import { SETTINGS_THROTTLE_WINDOW_MS, SettingsService } from './modules/settings/settings.service';
import { staffRoutes } from './modules/staff/staff.routes';
import { StaffService } from './modules/staff/staff.service';
import { studentsRoutes } from './modules/students/students.routes';
import { StudentsService } from './modules/students/students.service';
import { thesesRoutes } from './modules/theses/theses.routes';
import { ThesesService } from './modules/theses/theses.service';
import { loadDataKeyRing } from './platform/data-key';
import { registerErrorHandler } from './platform/errors';
import { type FileStore, LocalFileStore } from './platform/files';
import { Housekeeping } from './platform/housekeeping';
import { registerInputGuard } from './platform/input-guard';
import { loggerOptions } from './platform/logging';
import { OutboxWorker } from './platform/mail';
import { MessageOutboxWorker, WhatsAppCloudMessenger } from './platform/notifier';
import { registerOriginCheck } from './platform/origin-check';
import { registerRetryAfter } from './platform/retry-after';
import { S3FileStore } from './platform/s3-file-store';
import { registerSecurityHeaders } from './platform/security-headers';
import { registerSessions, type SessionSettings } from './platform/session';
import { defaultWebDist, registerWebApp } from './platform/web-app';

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Start the outbox and housekeeping timers (the server does; tests drive them by hand). */
  startBackgroundJobs?: boolean;
  /** Where uploads go; by default a folder `files` under DATA_DIR. */
  fileStore?: FileStore;
  /** The clock of the services that take one (monthly authentication); tests pass their own. */
  now?: () => Date;
};

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxWorker;
    /** Messaging-app notifications (WhatsApp), sent like the mail outbox. */
    messages: MessageOutboxWorker;
    housekeeping: Housekeeping;
    /** Weekly nudges and the HODs' weekly summaries (issue 30); tests run a pass with their clock. */
    reminders: ReminderPass;
    services: {
      auth: AuthService;
      reference: ReferenceService;
      referenceAdmin: ReferenceAdminService;
      settings: SettingsService;
      files: FilesService;
      notifications: NotificationService;
      people: PeopleService;
      students: StudentsService;
      staff: StaffService;
      records: RecordsService;
      theses: ThesesService;
      memos: MemosService;
      assessments: AssessmentsService;
      drp: DrpService;
      drpAttendance: AttendanceService;
      commerceAdmin: CommerceAdminService;
      payments: PaymentsService;
      crm: CrmService;
    };
  }
}

/**
 * Builds the whole server without listening, so tests can call it through `app.inject`.
 * The caller owns the database handle; closing the app stops the outbox worker.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    // Verification and reset tokens travel in the path; leave room for any we issue.
    routerOptions: { maxParamLength: 500 },
    // A mangled link (bad %-encoding, an absurdly long token) is bad input in our error shape.
    frameworkErrors: (_error, _request, reply) => {
      (reply as FastifyReply).status(400).send({ code: 'bad_request', message: GENERIC_MESSAGES.badLink });
    },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRetryAfter(app);
  registerInputGuard(app);

  await app.register(fastifyCookie);
  registerSecurityHeaders(app, { servedOverHttps: new URL(config.appUrl).protocol === 'https:' });
  // One file per request, at most MAX_UPLOAD_BYTES; the upload route reads it into memory.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: 1,
      fields: 10,
      fieldSize: 1024,
      parts: 12,
      headerPairs: 100,
    },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'PG e-Logbook API', version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'pgel_session' } } },
    },
    transform: jsonSchemaTransform,
  });

  const sessionSettings: SessionSettings = {
    idleMs: config.sessionIdleMs,
    absoluteMs: config.sessionAbsoluteMs,
    secureCookie: new URL(config.appUrl).protocol === 'https:',
  };
  registerOriginCheck(app, [new URL(config.appUrl).origin]);
  registerSessions(app, database.db, sessionSettings);

  const outbox = new OutboxWorker(database.db, app.log, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  const reference = new ReferenceService(database.db);
  const auth = new AuthService({
    db: database.db,
    reference,
    sessionSettings,
    appUrl: config.appUrl,
    onMailQueued: () => outbox.kick(),
  });
  const settings = new SettingsService({
    db: database.db,
    launchPassword: config.launchPassword,
    log: app.log,
    onMailQueued: () => outbox.kick(),
    supportChatScriptUrl: config.supportChatScriptUrl,
  });
  const files = new FilesService({
    db: database.db,
    store:
      deps.fileStore ??
      (config.s3 ? new S3FileStore(config.s3) : new LocalFileStore(path.join(config.dataDir, 'files'))),
    log: app.log,
  });
  const referenceAdmin = new ReferenceAdminService({ db: database.db, settings, files });
  const notifications = new NotificationService(database.db);
  const people = new PeopleService({ db: database.db, files, auth });
  const messages = new MessageOutboxWorker(
    database.db,
    app.log,
    config.whatsapp ? new WhatsAppCloudMessenger(config.whatsapp) : null,
  );
  const onQueued = () => {
    outbox.kick();
    messages.kick();
  };
  const students = new StudentsService({ db: database.db, appUrl: config.appUrl, onQueued });
  const staff = new StaffService({ db: database.db, appUrl: config.appUrl, onQueued });
  // Patient identifiers and the CRM token are sealed with it (issue 15).
  // The ring: the current key seals; retired keys (DATA_DIR/data.key.retired-<id>, DATA_KEY_RETIRED)
  // still open what was sealed with them (a server running the old key during a rotation).
  const dataKey = loadDataKeyRing({
    dataKey: config.dataKey,
    dataDir: config.dataDir,
    retiredKeys: config.dataKeyRetired,
  });
  // Refuses a key that did not seal the stored values; seals any plaintext left from before.
  await prepareSensitiveDetails(database.db, dataKey);
  const records = new RecordsService({
    db: database.db,
    files,
    appUrl: config.appUrl,
    onQueued,
    dataKey,
    // Sign-off on the resident's device (issue 30): staff credentials checked as sign-in checks them.
    credentials: new StaffCredentialsService({ db: database.db }),
  });
  // Academic records (issue 11): the shapes the record engine does not hold.
  const theses = new ThesesService({ db: database.db, files, appUrl: config.appUrl, onQueued });
  const memos = new MemosService({ db: database.db, appUrl: config.appUrl, onQueued });
  const assessments = new AssessmentsService({ db: database.db, appUrl: config.appUrl, onQueued });
  const printLogbook = new PrintService({ db: database.db });
  // DRP postings, coordinator accounts and attendance (issue 12).
  const drp = new DrpService({ db: database.db, files, appUrl: config.appUrl, onQueued });
  const drpAttendance = new AttendanceService({ db: database.db });
  // Packages, coupons, referrals, payments and the CRM connection (issue 13).
  const commerceAdmin = new CommerceAdminService({ db: database.db });
  const payments = new PaymentsService({
    db: database.db,
    gateways: createGateways(config.payments, config.appUrl),
    appUrl: config.appUrl,
    sessionSettings,
    onQueued: () => outbox.kick(),
  });
  if (config.payments.sandbox) {
    app.log.warn('payment sandbox is on: packages can be "bought" without money (PAYMENT_SANDBOX, README)');
  }
  const crm = new CrmService({
    db: database.db,
    zoho: config.zoho,
    dataKey,
  });
  app.decorate('outbox', outbox);
  app.decorate('messages', messages);
  app.decorate('services', {
    auth,
    reference,
    referenceAdmin,
    settings,
    files,
    notifications,
    people,
    students,
    staff,
    records,
    theses,
    memos,
    assessments,
    drp,
    drpAttendance,
    commerceAdmin,
    payments,
    crm,
  });
  const housekeeping = new Housekeeping(database.db, app.log, {
    sessionIdleMs: config.sessionIdleMs,
    // The longest attempt window in use (logins 15 minutes, inquiries an hour): a counter is
    // only deleted once no feature still counts it.
    throttleWindowMs: Math.max(15 * 60 * 1000, SETTINGS_THROTTLE_WINDOW_MS),
  });
  app.decorate('housekeeping', housekeeping);
  // Rows written before the report search's text existed get it, in the background (issue 10).
  const searchTextBackfill = new SearchTextBackfill(database.db, app.log);
  const digest = new VerificationDigest({
    db: database.db,
    log: app.log,
    appUrl: config.appUrl,
    hour: config.digestHour,
    onQueued: () => outbox.kick(),
  });
  const reminders = new ReminderPass({
    db: database.db,
    log: app.log,
    appUrl: config.appUrl,
    schedule: { hour: config.remindersHour },
    onQueued: () => outbox.kick(),
  });
  app.decorate('reminders', reminders);
  if (deps.startBackgroundJobs) {
    outbox.start();
    outbox.kick();
    messages.start();
    messages.kick();
    housekeeping.start();
    searchTextBackfill.start();
    digest.start();
    reminders.start();
  }
  app.addHook('onClose', async () => {
    housekeeping.stop();
    await searchTextBackfill.stop();
    await digest.stop();
    await reminders.stop();
    await outbox.stop();
    await messages.stop();
  });

  await app.register(
    async (api) => {
      await api.register(settingsRoutes(settings, database.db, database.kind));
      await api.register(referenceRoutes(reference));
      await api.register(referenceAdminRoutes(referenceAdmin));
      await api.register(authRoutes(auth, sessionSettings), { prefix: '/auth' });
      await api.register(filesRoutes(files));
      await api.register(notificationRoutes(notifications));
      await api.register(peopleRoutes(people));
      await api.register(studentsRoutes(students));
      await api.register(staffRoutes(staff));
      await api.register(recordsRoutes(records));
      await api.register(thesesRoutes(theses));
      await api.register(memosRoutes(memos));
      await api.register(assessmentsRoutes(assessments));
      await api.register(drpRoutes(drp, drpAttendance));
      await api.register(commerceAdminRoutes(commerceAdmin));
      await api.register(paymentsRoutes(payments, sessionSettings));
      await api.register(invoicesRoutes(new InvoicesService({ db: database.db })));
      await api.register(crmRoutes(crm));
      await api.register(activityReportRoutes(new ActivityReportService({ db: database.db })));
      await api.register(printRoutes(printLogbook));
      await api.register(
        documentsRoutes(
          new DocumentsService({ db: database.db, print: printLogbook, appUrl: config.appUrl }),
        ),
      );
      await api.register(
        bonafideRoutes(new BonafideService({ db: database.db, appUrl: config.appUrl, onQueued })),
      );
      await api.register(recordOptionsRoutes(new RecordOptionsService({ db: database.db })));
      await api.register(favouritesRoutes(new FavouritesService({ db: database.db })));
      await api.register(patientAccessRoutes(new PatientAccessService({ db: database.db })));
      // Monthly authentication by the guide (issue 30).
      await api.register(
        monthlyAuthenticationRoutes(
          new MonthlyAuthenticationService({
            db: database.db,
            passwords: new PasswordConfirmation({ db: database.db }),
            appUrl: config.appUrl,
            onQueued,
            now: deps.now,
          }),
        ),
      );
      await api.register(remindersRoutes(new WeeklyUpdatesService({ db: database.db })));
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api/v1' },
  );

  registerWebApp(app, config.webDist ?? defaultWebDist(), {
    sessionUser: async (request) => {
      const actor = await app.sessionActorOf(request);
      return actor ? auth.requireSessionUser(actor.id) : null;
    },
    publicSettings: () => settings.publicSettings(),
  });
  return app;
}
