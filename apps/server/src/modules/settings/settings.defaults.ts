import type { PublicSettings } from '@pgel/shared/schemas/settings';

/** A round portrait placeholder with initials, as an SVG data URL an <img> can show. */
function initialsPhoto(initials: string, background: string): string {
  const svg = [
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">',
    `<circle cx="120" cy="120" r="120" fill="${background}"/>`,
    '<text x="120" y="120" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif"',
    ` font-size="88" font-weight="700" fill="#ffffff">${initials}</text>`,
    '</svg>',
  ].join('');
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The configurable part of the public settings; the settings table overrides any key of it. */
export type ConfigurableSettings = Omit<
  PublicSettings,
  'isLaunched' | 'launchGateActive' | 'supportChatScriptUrl'
>;

/**
 * What a fresh installation shows until an operator stores its own values (one row per key in
 * the settings table; `company` and `links` may override single fields).
 */
export const DEFAULT_SETTINGS: ConfigurableSettings = {
  company: {
    name: 'PG e-Logbook',
    address: 'New Delhi, India',
    phone: '+91 11 4000 0000',
    email: 'support@pg-elogbook.in',
  },
  links: {
    superSpecialitySite: 'https://ss.pg-elogbook.in',
    diplomaSite: 'https://diploma.pg-elogbook.in',
  },
  // No video until Master sets one: the landing page hides Watch Video (issue 10).
  videoUrl: null,
  launchGuests: [
    {
      name: 'Dr. Anita Verma',
      title: 'Dean, Academic Affairs',
      photoUrl: initialsPhoto('AV', '#1c7ed6'),
    },
    {
      name: 'Dr. Rajesh Menon',
      title: 'Professor of Medical Education',
      photoUrl: initialsPhoto('RM', '#0ca678'),
    },
  ],
  devToolsDetector: false,
};

/** Settings-table keys. `launched` is the launch flag; the rest override DEFAULT_SETTINGS. */
export const SETTING_KEYS = {
  launched: 'launched',
  company: 'company',
  links: 'links',
  videoUrl: 'videoUrl',
  launchGuests: 'launchGuests',
  devToolsDetector: 'devToolsDetector',
} as const;

/**
 * Settings that name a department (records contract): the record engine compares the student's
 * department name with them, e.g. which department sees the three extra clinical training types.
 * A string stored in the settings table under the same key overrides the default.
 */
export const DEPARTMENT_SETTING_DEFAULTS: Readonly<Record<string, string>> = {
  clinicalTrainingExtrasDepartment: 'Anatomy',
};
