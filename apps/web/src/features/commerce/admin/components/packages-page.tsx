import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { canManageCommerce } from '@pgel/shared/auth/policies';
import { type Package, PackageInputSchema, validityLabel } from '@pgel/shared/commerce/packages';
import { formatInr } from '@pgel/shared/commerce/pricing';
import { NO_DATA_TEXT } from '@pgel/shared/schemas/list';
import { IconAlertTriangle, IconEdit, IconEye, IconEyeOff, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { showError, showMessage } from '../../../../components/dialogs';
import { useAddAction } from '../../../../components/floating-add-button';
import { failureMessage } from '../../../../components/use-form-dialog-submit';
import { errorMessage } from '../../../../lib/api-client';
import { useSessionUser } from '../../../../lib/session';
import { useAllPackages, useDeletePackage, useSavePackage } from '../api/packages';
import { AdminPage, MasterOnlyPanel } from './admin-page';
import { confirmAndDelete } from './confirm-delete';
import { PackageFormModal, packageFormValues } from './package-form-modal';

const TITLE = 'Packages';
export const ADD_PACKAGE_LABEL = 'Add Package';

/** How many college names a card lists before "and N more". */
const COLLEGES_SHOWN = 3;

/**
 * Which colleges may buy the package (issue 28): every college, or those Master enabled it for on
 * the College List (/addCollege, a row's Packages).
 */
function OfferedTo({ item }: { item: Package }) {
  if (item.offeredEverywhere) {
    return (
      <Text size="sm">
        Offered to: <strong>every college</strong>
      </Text>
    );
  }
  const colleges = item.colleges ?? [];
  if (colleges.length === 0) {
    return (
      <Text size="sm">
        Offered to: <strong>no college yet</strong>.{' '}
        <Anchor component={Link} to="/addCollege" size="sm">
          Enable it for a college on the College List
        </Anchor>
      </Text>
    );
  }
  const names = colleges.slice(0, COLLEGES_SHOWN).map((c) => c.name);
  const more = colleges.length - names.length;
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      Offered to {colleges.length === 1 ? '1 college' : `${colleges.length} colleges`}: {names.join(', ')}
      {more > 0 ? ` and ${more} more` : ''}
    </Text>
  );
}

type PackageCardProps = {
  item: Package;
  isBusy: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
};

function PackageCard({ item, isBusy, onEdit, onToggle, onDelete }: PackageCardProps) {
  const hasOffer = item.offerPricePaise < item.pricePaise;
  return (
    <Card component="li" withBorder radius="md" padding="md" aria-label={item.title}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Title>
          <Badge color={item.active ? 'teal' : 'gray'} variant="light" style={{ flex: 'none' }}>
            {item.active ? 'Active' : 'Hidden'}
          </Badge>
        </Group>
        {item.description ? (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            {item.description}
          </Text>
        ) : null}
        <Group gap="xs" align="baseline">
          <Text fw={700} size="lg" aria-label={`Offer price ${formatInr(item.offerPricePaise)}`}>
            {formatInr(item.offerPricePaise)}
          </Text>
          {hasOffer ? (
            <Text size="sm" c="dimmed" td="line-through" aria-label={`Price ${formatInr(item.pricePaise)}`}>
              {formatInr(item.pricePaise)}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            + GST
          </Text>
        </Group>
        <Text size="sm">
          Validity: {validityLabel(item.validityMonths)} · Sort order {item.sortOrder}
        </Text>
        <OfferedTo item={item} />
        <Group gap="xs" mt="auto" pt="xs" wrap="wrap">
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconEdit size={16} aria-hidden />}
            aria-label={`Edit ${item.title}`}
            onClick={onEdit}
          >
            Edit
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color="gray"
            leftSection={
              item.active ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />
            }
            aria-label={`${item.active ? 'Hide' : 'Show'} ${item.title}`}
            loading={isBusy}
            onClick={onToggle}
          >
            {item.active ? 'Hide' : 'Show'}
          </Button>
          <Button
            size="compact-sm"
            variant="outline"
            color="red.8"
            leftSection={<IconTrash size={16} aria-hidden />}
            aria-label={`Delete ${item.title}`}
            onClick={onDelete}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * /managePackages (Master; issue 13): the packages students buy, hidden ones too, with Add,
 * Edit, Hide / Show and Delete (refused while payments name the package: hide it instead).
 */
export function PackagesPage() {
  const user = useSessionUser();
  const isAllowed = canManageCommerce(user);
  const packages = useAllPackages({ enabled: isAllowed });
  const save = useSavePackage();
  const remove = useDeletePackage();
  const [isFormOpen, formModal] = useDisclosure(false);
  const [editing, setEditing] = useState<Package | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const openAdd = () => {
    setEditing(null);
    formModal.open();
  };
  useAddAction(() => {
    if (isAllowed) openAdd();
  });

  if (!isAllowed) return <MasterOnlyPanel title={TITLE} />;

  const toggle = async (item: Package) => {
    setBusyId(item.id);
    try {
      const input = PackageInputSchema.parse({ ...packageFormValues(item), active: !item.active });
      const { message } = await save.mutateAsync({ id: item.id, input });
      await showMessage({ title: 'Success', message, tone: 'success', autoCloseMs: 1500 });
    } catch (error) {
      await showError(failureMessage(error));
    } finally {
      setBusyId(null);
    }
  };

  let content: ReactNode;
  if (packages.isPending) {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} height={180} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (packages.isError) {
    content = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
        <Group justify="space-between" gap="xs">
          <span>{errorMessage(packages.error)}</span>
          <Button size="compact-sm" variant="white" color="red.8" onClick={() => void packages.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  } else if (packages.data.length === 0) {
    content = (
      <Text ta="center" c="dimmed" py="lg">
        {NO_DATA_TEXT}
      </Text>
    );
  } else {
    content = (
      <SimpleGrid
        component="ul"
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="md"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Packages"
      >
        {packages.data.map((item) => (
          <PackageCard
            key={item.id}
            item={item}
            isBusy={busyId === item.id}
            onEdit={() => {
              setEditing(item);
              formModal.open();
            }}
            onToggle={() => void toggle(item)}
            onDelete={() =>
              void confirmAndDelete({
                title: 'Are you sure?',
                message: `Delete the package ${item.title}? This action cannot be reverted.`,
                remove: () => remove.mutateAsync(item.id),
              })
            }
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <AdminPage title={TITLE} addLabel={ADD_PACKAGE_LABEL} onAdd={openAdd}>
      {content}
      <PackageFormModal opened={isFormOpen} editing={editing} onClose={formModal.close} />
    </AdminPage>
  );
}
