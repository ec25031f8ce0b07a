import { Box, Container, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMail, IconMapPin, IconNotebook, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../components/brand';
import { paths } from '../../../lib/paths';
import { usePublicSettings } from '../api/get-public-settings';
import { telHref } from '../contact-links';
import { LANDING_SECTIONS, landingSectionPath } from '../landing-sections';
import { NOT_AFFILIATED } from '../legal/legal-facts';
import classes from './public-layout.module.css';

const PRODUCT_LINKS = [
  { label: 'How it works', to: paths.howToWork },
  { label: 'Features', to: landingSectionPath(LANDING_SECTIONS.features) },
  { label: 'Packages', to: landingSectionPath(LANDING_SECTIONS.packages) },
  { label: 'Contact us', to: paths.contact },
] as const;

const LEGAL_LINKS = [
  { label: 'Terms & Conditions', to: paths.terms },
  { label: 'Privacy Policy', to: paths.privacy },
  { label: 'Refund Policy', to: paths.refund },
  { label: 'Disclaimer', to: paths.disclaimer },
] as const;

/** Footer of the public pages: site links, the legal pages and the company's contact details. */
export function PublicFooter() {
  const { data: settings } = usePublicSettings();
  const company = settings?.company;
  const year = new Date().getFullYear();

  return (
    <footer className={classes.footer}>
      <Container size="lg" py={{ base: 40, sm: 56 }} px={{ base: 'md', sm: 'md' }}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing={{ base: 32, md: 'xl' }}>
          <Stack gap="sm">
            <Group gap={8} wrap="nowrap">
              <ThemeIcon size={32} radius="md" color="white" c="brand.8" aria-hidden>
                <IconNotebook size={20} stroke={1.8} />
              </ThemeIcon>
              <Text fz="lg" fw={700} c="white">
                {PRODUCT_NAME}
              </Text>
            </Group>
            <Text className={classes.footerText}>
              The electronic logbook for postgraduate medical training: record, verify and score every
              training activity in one place.
            </Text>
            <Text className={classes.footerText} fz="xs">
              {NOT_AFFILIATED}
            </Text>
          </Stack>

          <nav aria-label="Product">
            <h2 className={classes.footerHeading}>Product</h2>
            <Stack gap={10}>
              {PRODUCT_LINKS.map((link) => (
                <Link key={link.label} to={link.to} className={classes.footerLink}>
                  {link.label}
                </Link>
              ))}
            </Stack>
          </nav>

          <nav aria-label="Legal">
            <h2 className={classes.footerHeading}>Legal</h2>
            <Stack gap={10}>
              {LEGAL_LINKS.map((link) => (
                <Link key={link.to} to={link.to} className={classes.footerLink}>
                  {link.label}
                </Link>
              ))}
            </Stack>
          </nav>

          <div>
            <h2 className={classes.footerHeading}>Get in touch</h2>
            {company ? (
              <Stack gap={10} component="address" style={{ fontStyle: 'normal' }}>
                <Text className={classes.footerText} fw={600} c="white">
                  {company.name}
                </Text>
                <Group gap={8} wrap="nowrap" align="flex-start">
                  <IconMapPin size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                  <Text className={classes.footerText}>{company.address}</Text>
                </Group>
                <Group gap={8} wrap="nowrap">
                  <IconPhone size={18} aria-hidden style={{ flexShrink: 0 }} />
                  <a href={telHref(company.phone)} className={classes.footerLink}>
                    {company.phone}
                  </a>
                </Group>
                <Group gap={8} wrap="nowrap">
                  <IconMail size={18} aria-hidden style={{ flexShrink: 0 }} />
                  <a
                    href={`mailto:${company.email}`}
                    className={classes.footerLink}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {company.email}
                  </a>
                </Group>
              </Stack>
            ) : (
              <Link to={paths.contact} className={classes.footerLink}>
                Send us a message
              </Link>
            )}
          </div>
        </SimpleGrid>
      </Container>
      <Box className={classes.footerBottom}>
        <Container size="lg" py="md" px={{ base: 'md', sm: 'md' }}>
          <Text className={classes.footerText} fz="xs" ta="center">
            © {year} {company?.name ?? PRODUCT_NAME}. All rights reserved.
          </Text>
        </Container>
      </Box>
    </footer>
  );
}
