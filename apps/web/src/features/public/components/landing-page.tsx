import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PRODUCT_NAME } from '../../../components/brand';
import { usePublicSettings } from '../api/get-public-settings';
import { LandingContact } from './landing-contact';
import { LandingFeatures } from './landing-features';
import { LandingHero } from './landing-hero';
import { LandingMoreSites } from './landing-more-sites';
import { LandingPackages } from './landing-packages';
import { LandingServices } from './landing-services';
import { PublicLayout } from './public-layout';
import { VideoModal } from './video-modal';

/**
 * Scrolls to the section named in the URL (/#features): the router changes the URL without the
 * browser's own jump, also when the link comes from another page.
 */
function useScrollToHash() {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key means a new click on the same link.
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  }, [hash, key]);
}

/** `/`: the public landing page (spec 01 section 2.2). */
export function LandingPage() {
  const { data: settings } = usePublicSettings();
  const [videoOpened, video] = useDisclosure(false);
  useDocumentTitle(`${PRODUCT_NAME}: the electronic logbook for postgraduate medical training`);
  useScrollToHash();

  // No video set (the default): no Watch Video button at all.
  const videoUrl = settings?.videoUrl ?? null;

  return (
    <PublicLayout>
      <LandingHero onPlayVideo={videoUrl ? video.open : undefined} />
      <LandingFeatures />
      <LandingServices />
      <LandingPackages />
      {settings ? <LandingMoreSites links={settings.links} /> : null}
      <LandingContact company={settings?.company} />
      {videoUrl ? <VideoModal opened={videoOpened} onClose={video.close} url={videoUrl} /> : null}
    </PublicLayout>
  );
}
