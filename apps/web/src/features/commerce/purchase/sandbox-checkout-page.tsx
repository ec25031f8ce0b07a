import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { PAYMENT_MESSAGES } from '@pgel/shared/commerce/payments';
import { formatInr } from '@pgel/shared/commerce/pricing';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage } from '../../../lib/api-client';
import { useCompleteSandboxOrder, useSandboxOrder } from '../api/sandbox';
import { commercePaths } from '../paths';

/**
 * /sandbox-checkout/:id: the local test gateway's "bank page" (issue 13). Deliberately plain and
 * loudly labelled, so nobody takes it for a real payment; either button settles the test order
 * and returns to the app, which verifies it as it would a real gateway's.
 */
export function SandboxCheckoutPage() {
  const { id = '' } = useParams();
  const order = useSandboxOrder(id);
  const complete = useCompleteSandboxOrder();
  const [chosen, setChosen] = useState<'success' | 'failure' | null>(null);

  const finish = (outcome: 'success' | 'failure') => {
    setChosen(outcome);
    complete.mutate(
      { gatewayOrderId: id, outcome },
      { onSuccess: ({ returnUrl }) => window.location.assign(returnUrl) },
    );
  };

  if (order.isPending) return <PageLoader />;
  return (
    <Container component="main" size={560} px={{ base: 12, sm: 'md' }} py="xl">
      <Stack gap="lg">
        <Paper
          role="note"
          bg="yellow.4"
          c="dark"
          p={{ base: 'md', sm: 'xl' }}
          radius="md"
          style={{ border: '3px dashed var(--mantine-color-dark-6)' }}
        >
          <Stack gap={6} align="center" ta="center">
            <IconAlertTriangle size={40} aria-hidden />
            <Text fz={{ base: 20, sm: 26 }} fw={800} lh={1.2}>
              {PAYMENT_MESSAGES.sandboxLabel}
            </Text>
          </Stack>
        </Paper>
        {order.isError ? (
          <Alert color="red" variant="light" title="Error" role="alert">
            {errorMessage(order.error)}
            <div>
              <Button component={Link} to={commercePaths.cart} variant="light" color="red" mt="sm">
                Back to packages
              </Button>
            </div>
          </Alert>
        ) : (
          <Paper withBorder p="lg" radius="md">
            <Stack gap="md">
              <Title order={1} fz="xl">
                Sandbox checkout
              </Title>
              <div>
                <Text size="sm" c="dimmed">
                  Amount
                </Text>
                <Text fz={28} fw={700}>
                  {formatInr(order.data.amountPaise)}
                </Text>
              </div>
              <Text>{order.data.description}</Text>
              {order.data.state === 'pending' ? (
                <Stack gap="sm">
                  <Button
                    size="md"
                    color="teal"
                    onClick={() => finish('success')}
                    loading={complete.isPending && chosen === 'success'}
                    disabled={complete.isPending || complete.isSuccess}
                  >
                    Pay (test success)
                  </Button>
                  <Button
                    size="md"
                    color="red"
                    variant="outline"
                    onClick={() => finish('failure')}
                    loading={complete.isPending && chosen === 'failure'}
                    disabled={complete.isPending || complete.isSuccess}
                  >
                    Fail payment
                  </Button>
                </Stack>
              ) : (
                <Text role="status">
                  This test payment is already {order.data.state}.{' '}
                  <Link to={commercePaths.cart}>Back to packages</Link>
                </Text>
              )}
              {complete.isError ? (
                <Alert color="red" variant="light" role="alert">
                  {errorMessage(complete.error)}
                </Alert>
              ) : null}
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
