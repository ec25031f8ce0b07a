import {
  type AttendanceDays,
  AttendanceDaysSchema,
  AttendanceListSchema,
  AttendanceRowSchema,
  type MarkAttendanceInput,
} from '@pgel/shared/drp/attendance';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { drpQueryKey } from './drp-keys';

export const attendanceQueryKey = [...drpQueryKey, 'attendance'] as const;

/** `GET /drp/attendance`: every posted resident the caller may see, with the figures. */
export function useAttendanceList() {
  return useQuery({
    queryKey: [...attendanceQueryKey, 'list'],
    queryFn: async ({ signal }) =>
      AttendanceListSchema.parse(await apiRequest<unknown>('/drp/attendance', { signal })).items,
  });
}

const daysPath = (postingId: string) => `/drp/postings/${encodeURIComponent(postingId)}/attendance`;

/** `GET /drp/postings/{id}/attendance`: every day of the posting so far, marked or not. */
export function useAttendanceDays(postingId: string | null) {
  return useQuery({
    queryKey: [...attendanceQueryKey, 'days', postingId],
    queryFn: async ({ signal }): Promise<AttendanceDays> =>
      AttendanceDaysSchema.parse(await apiRequest<unknown>(daysPath(postingId ?? ''), { signal })),
    enabled: postingId !== null,
  });
}

const MarkedSchema = AttendanceDaysSchema.extend({ message: z.string(), row: AttendanceRowSchema });

/** `PUT /drp/postings/{id}/attendance` (the posting's coordinator): the days marked or re-marked. */
export async function markAttendance({ postingId, days }: { postingId: string } & MarkAttendanceInput) {
  const payload = await apiRequest<unknown>(daysPath(postingId), { method: 'PUT', body: { days } });
  return MarkedSchema.parse(payload);
}

export function useMarkAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAttendance,
    // Not awaited: the dialog closes and says 'Success' at once; the list, the days and the
    // coordinator's dashboard figures (all under the DRP key) refresh behind it.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: drpQueryKey });
    },
  });
}
