import type { RecordKind } from '@pgel/shared/records/types';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { whenIdle } from '../../../lib/when-idle';
import { preloadReportDialogs } from '../components/report-dialogs';
import { hasRecordDefaults, recordDefaultsQueryOptions } from './get-record-defaults';
import { recordOptionsPath, recordOptionsQueryOptions } from './get-record-options';

/**
 * Fetches what a kind's entry form starts with while its report is on screen (issue 29): the
 * proposals (repeat last) and the lists of its choices, the skills of the proposed competency
 * included. Tapping Add then opens a form that is already filled on a slow connection, instead of
 * waiting for three round trips one after another. It starts once the report is drawn and the
 * phone is idle: before that, these round trips and their answers would only delay the report.
 */
export function usePrefetchEntryForm(kind: RecordKind, enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return whenIdle(() => prefetchEntryForm(queryClient, kind));
  }, [kind, enabled, queryClient]);
}

function prefetchEntryForm(queryClient: QueryClient, kind: RecordKind): void {
  preloadReportDialogs();
  const lists = kind.fields.flatMap((field) =>
    field.input === 'remote-select' && field.source.list !== 'skills'
      ? [recordOptionsPath(field.source)]
      : [],
  );
  for (const path of lists) if (path) void queryClient.prefetchQuery(recordOptionsQueryOptions(path));
  if (!hasRecordDefaults(kind)) return;
  void queryClient.prefetchQuery(recordDefaultsQueryOptions(kind.id)).then(() => {
    const last = queryClient.getQueryData(recordDefaultsQueryOptions(kind.id).queryKey)?.last;
    for (const field of kind.fields) {
      if (field.input !== 'remote-select' || field.source.list !== 'skills') continue;
      const path = recordOptionsPath(field.source, last?.values[field.source.dependsOn]);
      if (path) void queryClient.prefetchQuery(recordOptionsQueryOptions(path));
    }
  });
}
