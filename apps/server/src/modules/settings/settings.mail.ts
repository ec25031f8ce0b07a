import type { MailMessage } from '../../platform/mail';

type InquiryRow = {
  name: string;
  phone: string;
  email: string;
  subject: string;
  message: string;
  createdAt: Date;
};

/** The mail a contact-form inquiry sends to the company address; the sender is named to reply to. */
export function inquiryMail(to: string, companyName: string, inquiry: InquiryRow): MailMessage {
  // One line: a subject is a mail header.
  const subject = inquiry.subject.replace(/\s+/g, ' ').trim();
  return {
    to,
    subject: `New inquiry: ${subject} - ${companyName}`,
    text: [
      `A visitor sent an inquiry through the ${companyName} contact form.`,
      '',
      `Name:    ${inquiry.name}`,
      `Phone:   ${inquiry.phone}`,
      `Email:   ${inquiry.email}`,
      `Subject: ${subject}`,
      `Sent:    ${inquiry.createdAt.toISOString()}`,
      '',
      'Message:',
      inquiry.message,
      '',
      `Reply to: ${inquiry.name} <${inquiry.email}>, phone ${inquiry.phone}`,
    ].join('\n'),
  };
}
