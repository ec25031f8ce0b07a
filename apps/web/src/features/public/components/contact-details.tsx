import { Anchor, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { PublicSettings } from '@pgel/shared/schemas/settings';
import { IconBuilding, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { telHref } from '../contact-links';

function DetailRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text fz="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.05em' }}>
          {label}
        </Text>
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      </div>
    </Group>
  );
}

/** The company's address, phone and e-mail, as configured in settings. */
export function ContactDetails({ company }: { company: PublicSettings['company'] }) {
  return (
    <Stack gap="lg" component="address" style={{ fontStyle: 'normal' }}>
      <DetailRow icon={<IconBuilding size={22} />} label="Company">
        {company.name}
      </DetailRow>
      <DetailRow icon={<IconMapPin size={22} />} label="Address">
        {company.address}
      </DetailRow>
      <DetailRow icon={<IconPhone size={22} />} label="Phone">
        <Anchor href={telHref(company.phone)} inherit>
          {company.phone}
        </Anchor>
      </DetailRow>
      <DetailRow icon={<IconMail size={22} />} label="Email">
        <Anchor href={`mailto:${company.email}`} inherit>
          {company.email}
        </Anchor>
      </DetailRow>
    </Stack>
  );
}
