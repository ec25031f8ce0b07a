import { createHash, timingSafeEqual } from 'node:crypto';
import { canManageSiteSettings } from '@pgel/shared/auth/policies';
import {
  INVOICE_MESSAGES,
  type SellerSettings,
  type SellerSettingsInput,
  SellerSettingsInputSchema,
} from '@pgel/shared/commerce/invoices';
import {
  INQUIRY_MESSAGES,
  type InquiryInput,
  LAUNCH,
  type PublicSettings,
  PublicSettingsSchema,
  VIDEO_MESSAGES,
} from '@pgel/shared/schemas/settings';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail';
import { TooManyRequests } from '../../platform/retry-after';
import type { SessionActor } from '../../platform/session';
import { countAttempt } from '../../platform/throttle';
import { type ConfigurableSettings, DEFAULT_SETTINGS, SETTING_KEYS } from './settings.defaults';
import { inquiryMail } from './settings.mail';
import * as repo from './settings.repository';
import { readSellerSettings, SELLER_SETTING_KEY } from './settings.seller';

/** Launch-password guesses: 10 per address in 15 minutes. */
const LAUNCH_WINDOW_MS = 15 * 60 * 1000;
const MAX_LAUNCH_ATTEMPTS = 10;
/** Inquiries: 10 per address an hour. */
const INQUIRY_WINDOW_MS = 60 * 60 * 1000;
const MAX_INQUIRIES = 10;

/** The longest throttle window used here; housekeeping keeps counters at least this long. */
export const SETTINGS_THROTTLE_WINDOW_MS = Math.max(LAUNCH_WINDOW_MS, INQUIRY_WINDOW_MS);

export type RequestMeta = { ip: string; actorId: string | null };

export type SettingsDeps = {
  db: Database;
  /** LAUNCH_PASSWORD; unset means there is no launch gate. */
  launchPassword: string | undefined;
  log: FastifyBaseLogger;
  /** Called after a transaction that queued mail has committed. */
  onMailQueued: () => void;
  /** SUPPORT_CHAT_SCRIPT_URL: the package page's chat widget; unset, no widget. */
  supportChatScriptUrl?: string;
};

const shape = PublicSettingsSchema.shape;

/** Compares in constant time: both sides are hashed to one length first. */
function samePassword(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/** Product-wide settings, the launch gate and the contact form (spec 01 sections 2.2, 2.3, 4). */
export class SettingsService {
  constructor(private readonly deps: SettingsDeps) {}

  /**
   * The defaults with every stored override applied. A stored value that does not fit its shape
   * is logged and ignored, so one bad row cannot take the public pages down.
   */
  async configurable(): Promise<ConfigurableSettings & { launched: boolean }> {
    const stored = await repo.readSettings(this.deps.db);
    const pick = <T>(key: string, schema: z.ZodType<T>, fallback: T): T => {
      if (!stored.has(key)) return fallback;
      const parsed = schema.safeParse(stored.get(key));
      if (parsed.success) return parsed.data;
      this.deps.log.warn({ key }, 'ignoring a stored setting that does not fit its shape');
      return fallback;
    };
    const d = DEFAULT_SETTINGS;
    return {
      company: { ...d.company, ...pick(SETTING_KEYS.company, shape.company.partial(), {}) },
      links: { ...d.links, ...pick(SETTING_KEYS.links, shape.links.partial(), {}) },
      videoUrl: pick(SETTING_KEYS.videoUrl, shape.videoUrl, d.videoUrl),
      launchGuests: pick(SETTING_KEYS.launchGuests, shape.launchGuests, d.launchGuests),
      devToolsDetector: pick(SETTING_KEYS.devToolsDetector, shape.devToolsDetector, d.devToolsDetector),
      launched: stored.get(SETTING_KEYS.launched) === true,
    };
  }

  /** What every visitor's page reads; never the launch password. */
  async publicSettings(): Promise<PublicSettings> {
    const { launched, ...rest } = await this.configurable();
    const gate = this.deps.launchPassword !== undefined;
    return {
      ...rest,
      isLaunched: launched || !gate,
      launchGateActive: gate && !launched,
      supportChatScriptUrl: this.deps.supportChatScriptUrl ?? null,
    };
  }

  /** The launch page's first step: is this the password? Throttled per address. */
  async checkLaunchPassword(password: string, meta: RequestMeta): Promise<string> {
    await this.requireLaunchPassword(password, meta);
    return LAUNCH.passwordAccepted;
  }

  /**
   * Marks the product launched (second 5 of the countdown). Checks the password again, since
   * anyone can call it; launching twice is not an error and records one change.
   */
  async launch(password: string, meta: RequestMeta): Promise<string> {
    await this.requireLaunchPassword(password, meta);
    await this.deps.db.transaction(async (tx) => {
      const changed = await repo.setFlag(tx, SETTING_KEYS.launched);
      if (!changed) return;
      await writeAudit(tx, {
        actorId: meta.actorId,
        action: 'settings.launch',
        entity: 'setting',
        entityId: SETTING_KEYS.launched,
        ip: meta.ip,
        before: { launched: false },
        after: { launched: true },
      });
    });
    return LAUNCH.launched;
  }

  /**
   * Master sets the landing page's video (already turned into an embed address by the schema),
   * or removes it with null. The stored value and its audit row are written together.
   */
  async setVideoUrl(
    actor: SessionActor,
    videoUrl: string | null,
    meta: { ip: string },
  ): Promise<{ message: string; videoUrl: string | null }> {
    if (!canManageSiteSettings(actor)) throw AppError.forbidden();
    // Read before the transaction: on PGlite (one connection) `db` cannot be used inside it.
    const before = (await this.configurable()).videoUrl;
    await this.deps.db.transaction(async (tx) => {
      await repo.writeSetting(tx, SETTING_KEYS.videoUrl, videoUrl);
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'settings.video',
        entity: 'setting',
        entityId: SETTING_KEYS.videoUrl,
        ip: meta.ip,
        before: { videoUrl: before },
        after: { videoUrl },
      });
    });
    return { message: videoUrl ? VIDEO_MESSAGES.saved : VIDEO_MESSAGES.cleared, videoUrl };
  }

  /** The seller's details new GST invoices print (issue 28); Master only. */
  async sellerSettings(actor: SessionActor): Promise<SellerSettings> {
    if (!canManageSiteSettings(actor)) throw AppError.forbidden();
    return readSellerSettings(this.deps.db);
  }

  /**
   * Master saves the seller's legal name, address, state, GSTIN and SAC code. Invoices already
   * issued keep the copy they were issued with; the value and its audit row are written together.
   */
  async setSellerSettings(
    actor: SessionActor,
    input: SellerSettingsInput,
    meta: { ip: string },
  ): Promise<{ message: string; seller: SellerSettings }> {
    if (!canManageSiteSettings(actor)) throw AppError.forbidden();
    const seller: SellerSettings = SellerSettingsInputSchema.parse(input);
    // Read before the transaction: on PGlite (one connection) `db` cannot be used inside it.
    const before = await readSellerSettings(this.deps.db);
    await this.deps.db.transaction(async (tx) => {
      await repo.writeSetting(tx, SELLER_SETTING_KEY, seller);
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'settings.invoice_seller',
        entity: 'setting',
        entityId: SELLER_SETTING_KEY,
        ip: meta.ip,
        before,
        after: seller,
      });
    });
    return { message: INVOICE_MESSAGES.saved, seller };
  }

  private async requireLaunchPassword(password: string, meta: RequestMeta): Promise<void> {
    // Counted before the comparison, so parallel guesses each see a higher count.
    const counted = await countAttempt(this.deps.db, `launch:ip:${meta.ip}`, LAUNCH_WINDOW_MS);
    if (counted.attempts > MAX_LAUNCH_ATTEMPTS) {
      throw new TooManyRequests(LAUNCH.tooManyAttempts, counted.retryAfterSeconds);
    }
    const expected = this.deps.launchPassword;
    // Without a configured password nothing can match: there is no gate to open.
    if (expected === undefined || !samePassword(password, expected)) {
      throw AppError.validation(LAUNCH.incorrectPassword);
    }
  }

  /**
   * Stores a contact-form inquiry and queues its mail to the company address in the same
   * transaction. Throttled per address.
   */
  async createInquiry(input: InquiryInput, meta: RequestMeta): Promise<string> {
    const { db } = this.deps;
    const counted = await countAttempt(db, `inquiry:ip:${meta.ip}`, INQUIRY_WINDOW_MS);
    if (counted.attempts > MAX_INQUIRIES) {
      throw new TooManyRequests(INQUIRY_MESSAGES.tooMany, counted.retryAfterSeconds);
    }
    // The schema has already refused any missing field; this narrows the types.
    const { name, phone, email, subject, message } = input;
    if (!name || !phone || !email || !subject || !message) {
      throw AppError.validation(INQUIRY_MESSAGES.allFields);
    }
    // Read before the transaction: on PGlite (one connection) `db` cannot be used inside it.
    const { company } = await this.configurable();
    await db.transaction(async (tx) => {
      const row = await repo.insertInquiry(tx, { name, phone, email, subject, message, ip: meta.ip });
      await enqueueMail(tx, inquiryMail(company.email, company.name, row));
      await writeAudit(tx, {
        actorId: meta.actorId,
        action: 'inquiry.create',
        entity: 'inquiry',
        entityId: row.id,
        ip: meta.ip,
        subject: email,
        after: { name, email, subject },
      });
    });
    this.deps.onMailQueued();
    return INQUIRY_MESSAGES.success;
  }
}
