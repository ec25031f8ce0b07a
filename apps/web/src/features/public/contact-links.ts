/** Digits (and a leading +) of a phone number, for a tel: link. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * A WhatsApp chat with the company's phone number and a prefilled message. A 10-digit Indian
 * number gets the 91 country code the chat link needs.
 */
export function chatHref(phone: string, text: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 10) return null;
  const international = digits.length === 10 ? `91${digits}` : digits;
  return `https://wa.me/${international}?text=${encodeURIComponent(text)}`;
}
