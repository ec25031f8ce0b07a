import { z } from 'zod';
import { EMAIL_PATTERN } from './common';

/** Launch gate (spec 01 sections 2.3, 4, 8, 9). */
export const LAUNCH = {
  countdownSeconds: 9,
  markLaunchedAtSecond: 5,
  incorrectPassword: 'Incorrect password. Try again!',
  passwordRequired: 'Please enter the launch password',
  launched: 'PG e-Logbook is launched!',
  /** Answer after too many guesses from one address (10 in 15 minutes). */
  tooManyAttempts: 'Too many attempts. Please wait 15 minutes and try again.',
  /** Answer of a correct password to the check call. */
  passwordAccepted: 'Password accepted',
} as const;

export const LaunchSchema = z.object({
  password: z
    .string({ error: LAUNCH.passwordRequired })
    .min(1, { error: LAUNCH.passwordRequired })
    .max(200, { error: LAUNCH.incorrectPassword }),
});
export type LaunchInput = z.infer<typeof LaunchSchema>;

export const GuestSchema = z.object({ name: z.string(), title: z.string(), photoUrl: z.string() });

/**
 * What any visitor's page needs to know; never the launch password (DESIGN.md section 4).
 * Company details, outside links, the video and the launch guests come from settings.
 */
export const PublicSettingsSchema = z.object({
  /** The launch flag; also true when no launch password is configured (there is nothing to launch). */
  isLaunched: z.boolean(),
  /** True while a launch password is configured and the product is not launched yet. */
  launchGateActive: z.boolean(),
  company: z.object({
    name: z.string(),
    address: z.string(),
    phone: z.string(),
    email: z.email(),
  }),
  links: z.object({ superSpecialitySite: z.string(), diplomaSite: z.string() }),
  /** The landing page's video as an embed address; null until Master sets one (no Watch Video). */
  videoUrl: z.string().nullable(),
  launchGuests: z.array(GuestSchema),
  /** The opt-in developer-tools detector (off by default). */
  devToolsDetector: z.boolean(),
  /** The support chat widget's script (SUPPORT_CHAT_SCRIPT_URL), loaded on the package page; null: no widget. */
  supportChatScriptUrl: z.string().nullable(),
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;

/** The landing page's video, set by Master (issue 10). */
export const VIDEO_MESSAGES = {
  invalid: 'Please enter a YouTube, Vimeo or other https:// video address',
  saved: 'The landing page video is saved.',
  cleared: 'The landing page video is removed: Watch Video is hidden.',
} as const;

const YOUTUBE_HOSTS = ['youtube.com', 'm.youtube.com', 'youtube-nocookie.com'];
const YOUTUBE_ID = /^[\w-]{6,20}$/;

/**
 * The address to put in the video frame, or null when it cannot be one. A YouTube page, short
 * or youtu.be link (what an administrator usually pastes) becomes its embed address, a Vimeo
 * page its player address; any other https address is used as given.
 */
export function videoEmbedUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:') return null;
  const host = parsed.hostname.replace(/^www\./, '');
  const segments = parsed.pathname.split('/').filter(Boolean);
  let youtubeId: string | null = null;
  if (host === 'youtu.be') youtubeId = segments[0] ?? null;
  else if (YOUTUBE_HOSTS.includes(host)) {
    if (parsed.pathname === '/watch') youtubeId = parsed.searchParams.get('v');
    else if (['shorts', 'embed', 'live'].includes(segments[0] ?? '')) youtubeId = segments[1] ?? null;
    else return null;
  }
  if (youtubeId !== null) {
    return YOUTUBE_ID.test(youtubeId) ? `https://www.youtube-nocookie.com/embed/${youtubeId}` : null;
  }
  if (host === 'vimeo.com') {
    const id = segments.find((segment) => /^\d+$/.test(segment));
    return id ? `https://player.vimeo.com/video/${id}` : null;
  }
  return parsed.toString();
}

/**
 * `PUT /settings/video` (Master): the address to embed, or empty/null to remove the video.
 * Answers with the stored embed address.
 */
export const SetVideoSchema = z.object({
  url: z
    .string()
    .trim()
    .max(500, { error: VIDEO_MESSAGES.invalid })
    .nullable()
    .transform((value, ctx) => {
      if (value === null || value === '') return null;
      const embed = videoEmbedUrl(value);
      if (embed === null) {
        ctx.addIssue({ code: 'custom', message: VIDEO_MESSAGES.invalid });
        return z.NEVER;
      }
      return embed;
    }),
});
export type SetVideoInput = z.input<typeof SetVideoSchema>;
export const SetVideoResponseSchema = z.object({ message: z.string(), videoUrl: z.string().nullable() });
export type SetVideoResponse = z.infer<typeof SetVideoResponseSchema>;

/** Contact inquiry (spec 01 sections 2.2, 5): every field required, phone 10 digits. */
export const INQUIRY_MESSAGES = {
  allFields: 'Please enter all fields.',
  invalidEmail: 'Please enter valid email address',
  invalidPhone: 'Please enter a valid 10 digit phone number',
  success: 'Thank you for contacting us! Your inquiry has been submitted and we will get back to you soon.',
  successTitle: 'Inquiry Submitted',
  thankYouTitle: 'Thank you!',
  thankYouText: 'Your inquiry has been submitted. Our team will contact you shortly.',
  /** Answer after too many inquiries from one address (10 an hour). */
  tooMany: 'You have sent several inquiries already. Please try again in an hour.',
} as const;

/** The success dialog shows the server's message this long before /thank-you. */
export const INQUIRY_SUCCESS_DIALOG_MS = 1500;

export const InquirySchema = z
  .object({
    name: z.string().trim().max(120).optional(),
    phone: z.string().trim().optional(),
    email: z.string().trim().toLowerCase().max(254).optional(),
    subject: z.string().trim().max(200).optional(),
    message: z.string().trim().max(5000).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.name || !v.phone || !v.email || !v.subject || !v.message) {
      ctx.addIssue({ code: 'custom', message: INQUIRY_MESSAGES.allFields, path: ['name'] });
    } else if (!/^\d{10}$/.test(v.phone)) {
      ctx.addIssue({ code: 'custom', message: INQUIRY_MESSAGES.invalidPhone, path: ['phone'] });
    } else if (!EMAIL_PATTERN.test(v.email)) {
      ctx.addIssue({ code: 'custom', message: INQUIRY_MESSAGES.invalidEmail, path: ['email'] });
    }
  });
export type InquiryInput = z.infer<typeof InquirySchema>;
