import { Box, Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './legal-page.module.css';

type PageBandProps = {
  eyebrow: string;
  title: string;
  children?: ReactNode;
};

/** The tinted title band at the top of the inner public pages, holding the page's `h1`. */
export function PageBand({ eyebrow, title, children }: PageBandProps) {
  return (
    <Box className={classes.band}>
      <Container size="lg" py={{ base: 32, sm: 48 }}>
        <Text fz="sm" fw={700} c="brand.8" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
          {eyebrow}
        </Text>
        <Title order={1} fz={{ base: 28, sm: 38 }} mt={4}>
          {title}
        </Title>
        {children}
      </Container>
    </Box>
  );
}
