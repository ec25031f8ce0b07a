import {
  IconBellRinging,
  IconChecklist,
  IconCreditCard,
  IconIdBadge2,
  IconUserCheck,
  IconUserPlus,
  IconUsersGroup,
} from '@tabler/icons-react';

export type HowItWorksStep = {
  title: string;
  text: string;
  icon: typeof IconCreditCard;
};

/** The public how-it-works story (spec 01 section 1), shared by the landing and /howtowork. */
export const HOW_IT_WORKS_STEPS: readonly HowItWorksStep[] = [
  {
    title: 'Subscribe once',
    text: 'The student pays a one-time fee that covers the whole 3-year course. There is nothing to renew.',
    icon: IconCreditCard,
  },
  {
    title: 'Complete your profile',
    text: 'The student fills in the profile: college, course and subject, a photo and a college ID proof.',
    icon: IconIdBadge2,
  },
  {
    title: 'Add your teachers',
    text: 'The student adds the teachers of the department. Each teacher gets an e-mail and a messaging-app notification with login credentials for the faculty panel.',
    icon: IconUserPlus,
  },
  {
    title: 'Teachers join',
    text: 'Teachers complete their own profile with an ID proof. They are approved automatically and the courses and subjects of the department are assigned to them.',
    icon: IconUsersGroup,
  },
  {
    title: 'Teachers approve the student',
    text: 'A teacher checks the student’s ID proof and approves the student’s account.',
    icon: IconUserCheck,
  },
  {
    title: 'Start recording',
    text: 'The student receives a confirmation by e-mail and messaging app and can start entering training activity.',
    icon: IconBellRinging,
  },
  {
    title: 'Verify and score',
    text: 'Teachers verify the entries one by one or in bulk, score them and give feedback.',
    icon: IconChecklist,
  },
];
