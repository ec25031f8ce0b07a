import { MessageResponseSchema } from '@pgel/shared/schemas/common';
import type { InquiryInput } from '@pgel/shared/schemas/settings';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /inquiries`: stores the inquiry and mails it to the company address. */
export async function createInquiry(input: InquiryInput): Promise<{ message: string }> {
  const payload = await apiRequest<unknown>('/inquiries', { body: input });
  return MessageResponseSchema.parse(payload);
}

export function useCreateInquiry() {
  return useMutation({ mutationFn: createInquiry });
}
