import { Container, Grid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { PRODUCT_NAME } from '../../../components/brand';
import { usePublicSettings } from '../api/get-public-settings';
import { ContactDetails } from './contact-details';
import { InquiryCard } from './inquiry-card';
import { PageBand } from './page-band';
import { PublicLayout } from './public-layout';

/** `/contact`: the inquiry form (the same one as on the landing) and the company's details. */
export function ContactPage() {
  const { data: settings } = usePublicSettings();
  useDocumentTitle(`Contact us | ${PRODUCT_NAME}`);
  const company = settings?.company;

  return (
    <PublicLayout>
      <PageBand eyebrow="Contact" title="Contact us">
        <Text mt="sm" maw={640} c="gray.8">
          Questions about packages, your department or your account? Send us a message and our team will get
          back to you.
        </Text>
      </PageBand>
      <Container size="lg" py={{ base: 'xl', sm: 56 }}>
        <Grid gap={{ base: 'xl', md: 48 }}>
          <Grid.Col span={{ base: 12, md: company ? 8 : 12 }}>
            <InquiryCard headingOrder={2} />
          </Grid.Col>
          {company ? (
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Stack gap="lg">
                <Title order={2} fz="xl">
                  Reach us directly
                </Title>
                <ContactDetails company={company} />
              </Stack>
            </Grid.Col>
          ) : null}
        </Grid>
      </Container>
    </PublicLayout>
  );
}
