import {
  Badge,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { LANDING_SECTIONS, landingSectionPath } from '../landing-sections';
import { LEGAL_FACTS } from '../legal/legal-facts';
import { PRICE_PACKAGES } from '../packages';
import classes from './landing.module.css';
import { LandingSection } from './landing-section';

const INCLUDED = [
  `${LEGAL_FACTS.subscriptionYears}-year subscription`,
  'All logbook categories and records',
  'Faculty verification and scoring',
  'Printable logbook',
];

/** #packages: the four package prices (spec 01 section 9); GST is added at payment. */
export function LandingPackages() {
  return (
    <LandingSection
      id={LANDING_SECTIONS.packages}
      eyebrow="Packages"
      title="One payment, three years of training on record"
      description={`Prices per student for a ${LEGAL_FACTS.subscriptionYears}-year subscription. GST ${LEGAL_FACTS.gstPercent}% extra.`}
      tinted
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
        {PRICE_PACKAGES.map((pack) => (
          <Card
            key={pack.name}
            withBorder
            radius="lg"
            padding="xl"
            className={`${classes.priceCard} ${pack.highlighted ? classes.priceCardHighlighted : ''}`}
          >
            <Group justify="space-between" align="center" mb="xs" wrap="nowrap">
              <Title order={3} fz="xl">
                {pack.name}
              </Title>
              {pack.badge ? (
                <Badge color="brand.8" variant="filled">
                  {pack.badge}
                </Badge>
              ) : null}
            </Group>
            <Text className={classes.price} mt="xs">
              <span className={classes.currency}>INR</span> {pack.price}
            </Text>
            <Text fz="sm" c="dimmed" mt={6}>
              per student + {LEGAL_FACTS.gstPercent}% GST
            </Text>
            <Text fz="sm" c="gray.8" mt="md">
              {pack.description}
            </Text>
            <List
              spacing={6}
              size="sm"
              mt="md"
              mb="xl"
              c="gray.8"
              icon={
                <ThemeIcon size={18} radius="xl" variant="light" aria-hidden>
                  <IconCheck size={12} />
                </ThemeIcon>
              }
            >
              {INCLUDED.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
            {pack.action === 'register' ? (
              <Button
                component={Link}
                to={paths.signup}
                variant={pack.highlighted ? 'filled' : 'light'}
                fullWidth
                mt="auto"
              >
                Choose {pack.name}
              </Button>
            ) : (
              <Button
                component={Link}
                to={landingSectionPath(LANDING_SECTIONS.contact)}
                variant="light"
                fullWidth
                mt="auto"
              >
                Enquire<VisuallyHidden> about the {pack.name} package</VisuallyHidden>
              </Button>
            )}
          </Card>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
