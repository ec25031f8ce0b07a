import { Box, Button, Container, Group, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { PublicSettings } from '@pgel/shared/schemas/settings';
import { IconExternalLink } from '@tabler/icons-react';
import classes from './landing.module.css';

type LandingMoreSitesProps = { links: PublicSettings['links'] };

/** Links out to the super-speciality and diploma logbooks (addresses from settings). */
export function LandingMoreSites({ links }: LandingMoreSitesProps) {
  const sites = [
    {
      title: 'Super-speciality logbook',
      text: 'For DM and MCh trainees in super-speciality courses.',
      href: links.superSpecialitySite,
    },
    {
      title: 'Diploma logbook',
      text: 'For trainees in postgraduate diploma courses.',
      href: links.diplomaSite,
    },
  ].filter((site) => site.href.trim() !== '');
  if (sites.length === 0) return null;

  return (
    <Box component="section" aria-labelledby="more-sites-title" className={classes.sitesBand}>
      <Container size="lg" py={{ base: 48, sm: 64 }}>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing={{ base: 'xl', md: 48 }}>
          <Stack gap="xs">
            <Title order={2} id="more-sites-title" fz={{ base: 24, sm: 28 }} c="white">
              Not in an MD or MS course?
            </Title>
            <Text c="brand.0">The same logbook is available for other postgraduate courses.</Text>
          </Stack>
          {sites.map((site) => (
            <Stack key={site.title} gap="xs" justify="space-between">
              <div>
                <Title order={3} fz="lg" c="white">
                  {site.title}
                </Title>
                <Text c="brand.0" fz="sm" mt={4}>
                  {site.text}
                </Text>
              </div>
              <Group>
                <Button
                  component="a"
                  href={site.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="white"
                  color="brand.8"
                  rightSection={<IconExternalLink size={18} aria-hidden />}
                >
                  Visit website
                  <VisuallyHidden>: {site.title} (opens in a new tab)</VisuallyHidden>
                </Button>
              </Group>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
