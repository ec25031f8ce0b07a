import { Button, Stack, Text } from '@mantine/core';
import type { Sponsor } from '@pgel/shared/commerce/referrals';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn, useListQuery } from '../../../../components/data-table';
import { commerceAdminKeys } from '../api/keys';
import { listSponsors, type ReferralFilters } from '../api/referrals';
import { ReferredStudentsModal } from './referred-students-modal';

/** Referral view: each sponsor, how many students they referred and how many of those paid. */
export function SponsorsTable({ filters }: { filters: ReferralFilters }) {
  const [open, setOpen] = useState<Sponsor | null>(null);
  const list = useListQuery({
    queryKey: [...commerceAdminKeys.sponsors, filters],
    queryFn: (params, signal) => listSponsors(params, filters, signal),
  });

  const columns: DataTableColumn<Sponsor>[] = [
    { key: 'sr', header: 'Sr.', cell: (_, n) => n, width: 60 },
    {
      key: 'sponsor',
      header: 'Sponsor',
      cell: (sponsor) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {sponsor.name}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {sponsor.email}
          </Text>
        </Stack>
      ),
    },
    { key: 'referralId', header: 'Referral ID', cell: (sponsor) => <code>{sponsor.referralId}</code> },
    { key: 'kind', header: 'Kind', cell: (sponsor) => sponsor.kind },
    { key: 'referred', header: 'Referred', align: 'center', cell: (sponsor) => sponsor.referrals.length },
    { key: 'paid', header: 'Paid', align: 'center', cell: (sponsor) => sponsor.paidCount },
    {
      key: 'students',
      header: 'Students',
      sticky: 'end',
      cell: (sponsor) => (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconUsers size={16} aria-hidden />}
          aria-label={`Referred students of ${sponsor.name}`}
          disabled={sponsor.referrals.length === 0}
          onClick={() => setOpen(sponsor)}
        >
          View
        </Button>
      ),
    },
  ];

  return (
    <>
      <DataTable
        label="Referrals"
        columns={columns}
        rowKey={(sponsor) => sponsor.id}
        searchPlaceholder="Search sponsor, referral ID or student"
        minWidth={720}
        {...list.tableProps}
      />
      <ReferredStudentsModal sponsor={open} onClose={() => setOpen(null)} />
    </>
  );
}
