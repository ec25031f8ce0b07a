import { Grid, Stack, Title } from '@mantine/core';
import type { PublicSettings } from '@pgel/shared/schemas/settings';
import { LANDING_SECTIONS } from '../landing-sections';
import { ContactDetails } from './contact-details';
import { InquiryCard } from './inquiry-card';
import { LandingSection } from './landing-section';

/** #contact: the company's details next to the inquiry form. */
export function LandingContact({ company }: { company: PublicSettings['company'] | undefined }) {
  return (
    <LandingSection
      id={LANDING_SECTIONS.contact}
      eyebrow="Contact"
      title="Questions? Talk to us"
      description="Tell us about your department or your course and we will get back to you."
    >
      <Grid gap={{ base: 'xl', md: 48 }}>
        {company ? (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              <Title order={3} fz="lg">
                Reach us directly
              </Title>
              <ContactDetails company={company} />
            </Stack>
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, md: company ? 8 : 12 }}>
          <InquiryCard headingOrder={3} />
        </Grid.Col>
      </Grid>
    </LandingSection>
  );
}
