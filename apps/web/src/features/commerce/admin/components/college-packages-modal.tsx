import { Alert, Center, Checkbox, Loader, Stack, Text } from '@mantine/core';
import { type CollegePackage, isOfferedTo } from '@pgel/shared/commerce/packages';
import { formatInr } from '@pgel/shared/commerce/pricing';
import { useState } from 'react';
import { DialogForm, FormDialog } from '../../../../components/form-dialog';
import { useFormDialogSubmit } from '../../../../components/use-form-dialog-submit';
import { errorMessage } from '../../../../lib/api-client';
import { useCollegePackages, useSetCollegePackages } from '../api/college-packages';

/** The college whose packages are edited (a row of /addCollege). */
export type PackagesCollege = { id: string; name: string };

type CollegePackagesModalProps = {
  /** Open while set. */
  college: PackagesCollege | null;
  onClose: () => void;
};

/**
 * Packages on a college row of /addCollege (Master, issue 28): what the college's residents may
 * buy. A package offered everywhere (Single) is ticked and fixed; Master ticks the others.
 */
export function CollegePackagesModal({ college, onClose }: CollegePackagesModalProps) {
  return (
    <FormDialog opened={college !== null} onClose={onClose} title="Packages">
      {/* Keyed by college: each row's Packages starts from that college's own. */}
      {college ? <CollegePackagesForm key={college.id} college={college} onClose={onClose} /> : null}
    </FormDialog>
  );
}

function packageNote(item: CollegePackage): string {
  if (item.offeredEverywhere) return 'Offered to every college';
  const price = `${formatInr(item.offerPricePaise)} + GST`;
  return item.active ? price : `${price} · Hidden: not on sale to anyone`;
}

function CollegePackagesForm({ college, onClose }: { college: PackagesCollege; onClose: () => void }) {
  const packages = useCollegePackages(college.id);
  // Null until the college's packages arrive: then what Master enabled for it.
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const items = packages.data?.items ?? [];
  const selected = chosen ?? new Set(items.filter((i) => i.enabled).map((i) => i.id));
  const dialog = useFormDialogSubmit(useSetCollegePackages(), { onClose, successAutoCloseMs: 1500 });

  const toggle = (id: string, isOn: boolean) => {
    const next = new Set(selected);
    if (isOn) next.add(id);
    else next.delete(id);
    setChosen(next);
  };
  const offered = items.filter((i) => i.active && isOfferedTo({ ...i, enabled: selected.has(i.id) }));

  return (
    <DialogForm
      onSubmit={() => dialog.submit({ collegeId: college.id, packageIds: [...selected] })}
      onCancel={dialog.close}
      isPending={dialog.isPending}
      submitDisabled={!packages.isSuccess}
    >
      <Text size="sm">
        What residents of <strong>{college.name}</strong> may buy. A package offered to every college is
        always on; tick the others this college has chosen.
      </Text>
      {packages.isPending ? (
        <Center py="lg">
          <Loader aria-label="Loading packages" />
        </Center>
      ) : packages.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(packages.error)}
        </Alert>
      ) : (
        <Stack gap="sm" role="group" aria-label={`Packages of ${college.name}`}>
          {items.map((item) => (
            <Checkbox
              key={item.id}
              label={item.title}
              description={packageNote(item)}
              checked={item.offeredEverywhere || selected.has(item.id)}
              disabled={item.offeredEverywhere}
              onChange={(event) => toggle(item.id, event.currentTarget.checked)}
            />
          ))}
        </Stack>
      )}
      {packages.isSuccess ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          Offered: {offered.map((i) => i.title).join(', ') || 'none'}
        </Text>
      ) : null}
    </DialogForm>
  );
}
