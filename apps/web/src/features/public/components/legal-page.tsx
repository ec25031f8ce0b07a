import { Container, Grid, Paper, Stack, Text, Typography } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { PRODUCT_NAME } from '../../../components/brand';
import { paths } from '../../../lib/paths';
import { usePublicSettings } from '../api/get-public-settings';
import { telHref } from '../contact-links';
import { LEGAL_FACTS } from '../legal/legal-facts';
import classes from './legal-page.module.css';
import { PageBand } from './page-band';
import { PublicLayout } from './public-layout';

export const LEGAL_PAGES = [
  { title: 'Terms & Conditions', to: paths.terms },
  { title: 'Privacy Policy', to: paths.privacy },
  { title: 'Refund Policy', to: paths.refund },
  { title: 'Disclaimer', to: paths.disclaimer },
] as const;

type LegalPageProps = {
  title: string;
  /** One or two sentences under the title saying what the page covers. */
  summary: string;
  /** The text: `h2` sections, paragraphs and lists (styled by Typography). */
  children: ReactNode;
};

/** The one layout of /t&c, /policy, /refundPolicy and /disclaimer. */
export function LegalPage({ title, summary, children }: LegalPageProps) {
  const { pathname } = useLocation();
  useDocumentTitle(`${title} | ${PRODUCT_NAME}`);

  return (
    <PublicLayout>
      <PageBand eyebrow="Legal" title={title}>
        <Text mt="sm" maw={640} c="gray.8">
          {summary}
        </Text>
        <Text mt="xs" fz="sm" c="dimmed">
          Effective from {LEGAL_FACTS.effectiveDate}
        </Text>
      </PageBand>
      <Container size="lg" py={{ base: 'xl', sm: 48 }}>
        <Grid gap={{ base: 'xl', md: 48 }}>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Typography className={classes.text}>
              {children}
              <LegalContact />
            </Typography>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder radius="lg" p="md" className={classes.aside}>
              <nav aria-label="Legal pages">
                <Text fz="sm" fw={700} mb="xs">
                  Our policies
                </Text>
                <Stack gap={4}>
                  {LEGAL_PAGES.map((page) => (
                    <Link
                      key={page.to}
                      to={page.to}
                      className={classes.asideLink}
                      aria-current={page.to === pathname ? 'page' : undefined}
                    >
                      {page.title}
                    </Link>
                  ))}
                  <Link to={paths.howToWork} className={classes.asideLink}>
                    How it works
                  </Link>
                </Stack>
              </nav>
            </Paper>
          </Grid.Col>
        </Grid>
      </Container>
    </PublicLayout>
  );
}

/** The closing "Contact us" section of every legal text, with the company's details from settings. */
function LegalContact() {
  const { data: settings } = usePublicSettings();
  const company = settings?.company;
  return (
    <>
      <h2>Contact us</h2>
      <p>
        Questions about this page, a refund or your data can be sent through our{' '}
        <Link to={paths.contact}>contact form</Link>
        {company ? ' or to:' : '.'}
      </p>
      {company ? (
        <address className={classes.address}>
          <strong>{company.name}</strong>
          <br />
          {company.address}
          <br />
          Phone: <a href={telHref(company.phone)}>{company.phone}</a>
          <br />
          E-mail: <a href={`mailto:${company.email}`}>{company.email}</a>
        </address>
      ) : null}
    </>
  );
}
